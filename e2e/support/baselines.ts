import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './paths';

/** The committed screenshots the main screens are compared with (e2e/baselines/*.png). */
export const BASELINES_DIR = join(REPO_ROOT, 'e2e/baselines');
/** Where a failed comparison leaves the new screenshot and the difference, to look at. */
const FAILURES_DIR = join(REPO_ROOT, 'e2e/.baseline-failures');
/**
 * UPDATE_BASELINES=1 writes the screenshots as the new baselines: an update is
 * made on purpose, looked at, and committed (README, "Screenshot baselines").
 */
const UPDATING = process.env.UPDATE_BASELINES === '1';
/** pixelmatch's colour distance (0..1) under which two pixels count as the same: antialiasing. */
const PIXEL_THRESHOLD = 0.1;
/**
 * The share of pixels that may differ before a screen counts as changed: 0.01%,
 * about 100 pixels at 1280x800 and 33 at 390x844. The screens render the same to
 * the pixel from run to run here (a fixed clock, a server of their own), and one
 * 20px icon swapped for another changes about 200, so an icon fails the test.
 * BASELINE_MAX_SHARE=0 shows every changed pixel.
 */
export const MAX_CHANGED_SHARE = Number(process.env.BASELINE_MAX_SHARE ?? 0.0001);

export interface Comparison {
  changedPixels: number;
  totalPixels: number;
}

/** Compares two PNGs of the same size; a different size counts as every pixel changed. */
export function comparePngs(expected: Buffer, actual: Buffer, diffPath?: string): Comparison {
  const a = PNG.sync.read(expected);
  const b = PNG.sync.read(actual);
  const totalPixels = b.width * b.height;
  if (a.width !== b.width || a.height !== b.height)
    return { changedPixels: totalPixels, totalPixels };
  const diff = new PNG({ width: a.width, height: a.height });
  const changedPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
    threshold: PIXEL_THRESHOLD,
  });
  if (diffPath !== undefined && changedPixels > 0) writeFileSync(diffPath, PNG.sync.write(diff));
  return { changedPixels, totalPixels };
}

/**
 * Screenshots the page and compares it with the baseline `name`: fails, naming
 * the files to look at, when more than MAX_CHANGED_SHARE of the pixels changed
 * or the baseline is missing (an unexpected new screen is not silently accepted).
 */
export async function expectMatchesBaseline(page: Page, name: string): Promise<void> {
  const actual = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const baselinePath = join(BASELINES_DIR, `${name}.png`);
  if (UPDATING) {
    mkdirSync(BASELINES_DIR, { recursive: true });
    writeFileSync(baselinePath, actual);
    return;
  }
  mkdirSync(FAILURES_DIR, { recursive: true });
  const actualPath = join(FAILURES_DIR, `${name}.actual.png`);
  if (!existsSync(baselinePath)) {
    writeFileSync(actualPath, actual);
    throw new Error(
      `No baseline for "${name}" (${baselinePath}). Look at ${actualPath}; ` +
        'if it is right, run the test with UPDATE_BASELINES=1 and commit the baseline.',
    );
  }
  const diffPath = join(FAILURES_DIR, `${name}.diff.png`);
  const { changedPixels, totalPixels } = comparePngs(readFileSync(baselinePath), actual, diffPath);
  if (changedPixels / totalPixels > MAX_CHANGED_SHARE) {
    writeFileSync(actualPath, actual);
    throw new Error(
      `"${name}" changed: ${String(changedPixels)} of ${String(totalPixels)} pixels ` +
        `(${((changedPixels / totalPixels) * 100).toFixed(2)}%, more than ` +
        `${String(MAX_CHANGED_SHARE * 100)}%). Look at ${actualPath} and ${diffPath}; if the change ` +
        'is meant, run the test with UPDATE_BASELINES=1 and commit the new baseline.',
    );
  }
}
