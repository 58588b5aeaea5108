import { describe, expect, it, vi, type Mock } from 'vitest';
import {
  BootloadError,
  RELOAD_GUARD_MS,
  bootload,
  claimReload,
  type BootloadEnv,
} from './bootload';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

function env(
  now: { t: number },
  storage = memoryStorage(),
): BootloadEnv & { reload: Mock<() => void> } {
  return { reload: vi.fn<() => void>(), now: () => now.t, storage };
}

const chunkFailure = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

describe('bootload (seed 8: bootload errors force a full page reload)', () => {
  it('passes a loaded module through without reloading', async () => {
    const e = env({ t: 1000 });
    await expect(bootload(() => Promise.resolve({ default: 'ok' }), e)).resolves.toEqual({
      default: 'ok',
    });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('reloads the page when a chunk fails to load, and never resolves meanwhile', async () => {
    const e = env({ t: 1000 });
    const settled = vi.fn();
    void bootload(chunkFailure, e).then(settled, settled);
    await vi.waitFor(() => {
      expect(e.reload).toHaveBeenCalledTimes(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).not.toHaveBeenCalled();
  });

  it('does not loop: a second failure right after a reload throws BootloadError', async () => {
    const now = { t: 50_000 };
    const storage = memoryStorage();
    const first = env(now, storage);
    void bootload(chunkFailure, first);
    await vi.waitFor(() => {
      expect(first.reload).toHaveBeenCalled();
    });
    // The page reloaded; the chunk is still missing.
    now.t += 2_000;
    const second = env(now, storage);
    await expect(bootload(chunkFailure, second)).rejects.toBeInstanceOf(BootloadError);
    expect(second.reload).not.toHaveBeenCalled();
    // Later (another deploy), a failure reloads again.
    now.t += RELOAD_GUARD_MS;
    expect(claimReload(env(now, storage))).toBe(true);
  });

  it('still reloads when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(claimReload({ reload: vi.fn(), now: () => 1, storage: broken })).toBe(true);
    expect(claimReload({ reload: vi.fn(), now: () => 1, storage: undefined })).toBe(true);
  });
});
