import { SECTION_ORDER, type EntryType, type SearchEntry } from '../search/types';
import { surfaceCaps, type Surface, type SurfaceCaps } from './surfaces';

/** Where a section's see-all link leads (seed section 2). */
export interface SeeAllLink {
  kind: 'message_search' | 'see_all';
  query: string;
  type: EntryType;
}

export interface TypeaheadSection {
  type: EntryType;
  /** The rows shown. */
  entries: readonly SearchEntry[];
  /** Entries the section holds after its caps; more than shown means a see-all link. */
  total: number;
  seeAll: SeeAllLink | null;
}

export interface SectionsOptions {
  surface: Surface;
  query: string;
  /** Replaces the surface's per-section hard caps. */
  sectionCaps?: SurfaceCaps['sectionCaps'];
}

/** Drops later entries whose uniqueID was already seen, so local matches (listed first) win. */
export function dedupeEntries(entries: readonly SearchEntry[]): SearchEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (seen.has(entry.uniqueID)) return false;
    seen.add(entry.uniqueID);
    return true;
  });
}

/** The see-all link of a section: full message search for messages, else the see-all search. */
export function seeAllLink(type: EntryType, query: string): SeeAllLink {
  return { kind: type === 'message' ? 'message_search' : 'see_all', query, type };
}

/**
 * Groups entries (local matches first, then server results) into sections in
 * SECTION_ORDER. Caps, in order: de-duplicate, keep `maxEntries`, apply the
 * per-section hard caps, show `initiallyShown` per section, and render at most
 * `viewCap` rows overall. An empty query has nothing to "see all" for.
 */
export function buildSections(
  entries: readonly SearchEntry[],
  options: SectionsOptions,
): TypeaheadSection[] {
  const caps = surfaceCaps(options.surface);
  const sectionCaps = options.sectionCaps ?? caps.sectionCaps;
  const kept = dedupeEntries(entries).slice(0, caps.maxEntries);
  const hasQuery = options.query.trim() !== '';

  const byType = new Map<EntryType, SearchEntry[]>();
  for (const entry of kept) {
    const group = byType.get(entry.type);
    if (group === undefined) byType.set(entry.type, [entry]);
    else group.push(entry);
  }

  const sections: TypeaheadSection[] = [];
  let budget = caps.viewCap;
  for (const type of SECTION_ORDER) {
    const group = byType.get(type);
    if (group === undefined || budget === 0) continue;
    const capped = group.slice(0, sectionCaps[type] ?? group.length);
    if (capped.length === 0) continue;
    const shown = capped.slice(0, Math.min(caps.initiallyShown, budget));
    budget -= shown.length;
    sections.push({
      type,
      entries: shown,
      total: capped.length,
      seeAll: hasQuery && shown.length < capped.length ? seeAllLink(type, options.query) : null,
    });
  }
  return sections;
}

/** The shown rows in display order, for keyboard navigation. */
export function sectionRows(sections: readonly TypeaheadSection[]): SearchEntry[] {
  return sections.flatMap((section) => section.entries);
}
