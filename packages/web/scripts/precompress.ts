// Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of a
// build, at the highest levels: a browser downloads the smaller one through
// content negotiation (the server's static files use them, issue 34), and the
// work is done once per build instead of on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing: text. Images are compressed already; source maps only devtools load. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Compresses the build in `dir`; returns how many files it did and their bytes before and after. */
export function precompress(dir: string): {
  files: number;
  raw: number;
  brotli: number;
  gzip: number;
} {
  const totals = { files: 0, raw: 0, brotli: 0, gzip: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.raw += bytes.length;
    totals.brotli += brotli.length;
    totals.gzip += gzip.length;
  }
  return totals;
}
