// `npm run -w @messenger/web size`: the bytes served for the JavaScript the first
// screen loads (the build's precompressed .gz copies, what a gzip-only browser
// downloads; Brotli's .br, what Chromium downloads, is printed beside) (the entry chunk and every chunk it imports statically, as the
// build manifest lists them), against the budget of 150 kB gzip (1 kB = 1000
// bytes, gzip at its default level). Chunks loaded on demand (the full-page
// messenger, the Relay data layer) are listed apart. Exits 1 over budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150_000;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('size: dist/.vite/manifest.json is missing: run `npm run -w @messenger/web build`');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
const [entryKey] = entryKeys;
if (entryKey === undefined || entryKeys.length !== 1) {
  console.error(`size: expected one entry chunk, found ${entryKeys.length}`);
  process.exit(1);
}

/** The chunk keys loaded with `key` before it can run: itself and its static imports. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const fileOf = (key: string): string => manifest[key]?.file ?? key;
/** The served gzip bytes: the build's .gz copy (web/scripts/precompress.ts), or gzip now if none. */
const gzipOf = (file: string): number => {
  const served = join(dist, `${file}.gz`);
  return existsSync(served)
    ? readFileSync(served).length
    : gzipSync(readFileSync(join(dist, file))).length;
};
const brotliOf = (file: string): number | null => {
  const served = join(dist, `${file}.br`);
  return existsSync(served) ? readFileSync(served).length : null;
};
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`.padStart(10);

const initial = staticClosure(entryKey);
let total = 0;
let brotliTotal = 0;
console.log('first screen (initial JavaScript, served bytes: gzip, and Brotli):');
for (const key of initial) {
  const size = gzipOf(fileOf(key));
  const brotli = brotliOf(fileOf(key)) ?? size;
  total += size;
  brotliTotal += brotli;
  console.log(`  ${kb(size)} ${kb(brotli)}  ${fileOf(key)}`);
}
console.log(`  ${kb(total)} ${kb(brotliTotal)}  total (budget ${kb(BUDGET_BYTES).trim()}, gzip)`);

const onDemand = Object.keys(manifest).filter(
  (key) => !initial.has(key) && fileOf(key).endsWith('.js'),
);
if (onDemand.length > 0) {
  console.log('loaded on demand (gzip):');
  for (const key of onDemand) console.log(`  ${kb(gzipOf(fileOf(key)))}  ${fileOf(key)}`);
}

if (total > BUDGET_BYTES) {
  console.error(
    `size: the first screen's JavaScript is over budget by ${kb(total - BUDGET_BYTES)}`,
  );
  process.exit(1);
}
