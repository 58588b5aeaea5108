import type { Clock } from '../clock';
import { IMAGE_SIZE_CACHE } from '../constants';

/** Seed section 3, image size cache entry. */
export interface ImageSizeEntry {
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly lastAccessTime: number;
}

export interface ImageSizeCacheOptions {
  readonly maxEntries?: number;
  readonly expiryMs?: number;
}

/**
 * Remembers the natural size of images by src so a renderer can reserve space
 * before the image loads. Holds at most 50 entries; an entry not accessed for
 * more than 10 minutes is expired (seed section 9).
 */
export class ImageSizeCache {
  private readonly entries = new Map<string, ImageSizeEntry>();
  private readonly maxEntries: number;
  private readonly expiryMs: number;

  constructor(
    private readonly clock: Clock,
    options: ImageSizeCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? IMAGE_SIZE_CACHE.maxEntries;
    this.expiryMs = options.expiryMs ?? IMAGE_SIZE_CACHE.expiryMs;
  }

  /** The entry for `src`, with its access time refreshed; undefined when absent or expired. */
  get(src: string): ImageSizeEntry | undefined {
    const entry = this.entries.get(src);
    if (entry === undefined) return undefined;
    const now = this.clock.now();
    if (this.isExpired(entry, now)) {
      this.entries.delete(src);
      return undefined;
    }
    const refreshed = { ...entry, lastAccessTime: now };
    this.touch(refreshed);
    return refreshed;
  }

  /** Stores a size; beyond the maximum, the least recently accessed entries go first. */
  set(src: string, size: { readonly width: number; readonly height: number }): ImageSizeEntry {
    const now = this.clock.now();
    const entry = { src, width: size.width, height: size.height, lastAccessTime: now };
    this.touch(entry);
    this.prune(now);
    return entry;
  }

  /** Number of entries held, expired ones included until they are pruned. */
  get size(): number {
    return this.entries.size;
  }

  // The map's order is the access order (oldest first), which also breaks ties
  // between entries accessed within the same millisecond.
  private touch(entry: ImageSizeEntry): void {
    this.entries.delete(entry.src);
    this.entries.set(entry.src, entry);
  }

  private isExpired(entry: ImageSizeEntry, now: number): boolean {
    return now - entry.lastAccessTime > this.expiryMs;
  }

  private prune(now: number): void {
    for (const [src, entry] of this.entries) {
      if (this.isExpired(entry, now)) this.entries.delete(src);
    }
    for (const src of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) return;
      this.entries.delete(src);
    }
  }
}
