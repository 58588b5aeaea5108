// `npm run -w @messenger/web build [-- --if-changed]`: the hashed web client,
// built into a new folder and swapped in atomically.
//
// A server serves `packages/web/dist` and reads it per request, and other
// nodes may run from the same folder. So a build never writes into what is
// being served: Vite writes `builds/<time>-<hash>/`, then `dist` (a symbolic
// link) is replaced by one rename. Pages opened before the swap still load
// their lazy chunks: the previous build's own assets are copied into the new
// one (their names are content hashes, so they never collide), and the
// previous folder is kept until the next build.
//
// With --if-changed (what `npm start` runs), nothing is built when the inputs
// (web and core sources, the Relay artifacts, the build's configuration) hash
// to what the served build was made from.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(webDir, '../..');
const buildsDir = join(webDir, 'builds');
const distLink = join(webDir, 'dist');
const SOURCE_HASH_FILE = '.source-hash';
/** The assets this build emitted itself (not the ones carried over): what the next build carries. */
const OWN_ASSETS_FILE = '.own-assets.json';

/** What the client is built from. `__generated__` is included: it is written by relay below. */
const INPUTS = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(repoRoot, 'packages/core/src'),
  join(repoRoot, 'package-lock.json'),
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!lstatSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name !== 'node_modules')
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The build `dist` points at, if any. */
function servedBuild(): string | null {
  try {
    return realpathSync(distLink);
  } catch {
    return null;
  }
}

function readIfExists(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function runRelay(): void {
  const relay = spawnSync(process.execPath, ['--import', 'tsx', join(webDir, 'scripts/relay.ts')], {
    cwd: webDir,
    stdio: 'inherit',
  });
  if (relay.status !== 0) process.exit(relay.status ?? 1);
}

/** Copies the previous build's own assets that the new build lacks (open pages still load them). */
function carryOverAssets(previous: string | null, next: string): void {
  if (previous === null) return;
  const own = readIfExists(join(previous, OWN_ASSETS_FILE));
  // A plain `vite build` folder did not record its own: all of its assets are.
  const names =
    own !== null
      ? (JSON.parse(own) as string[])
      : existsSync(join(previous, 'assets'))
        ? readdirSync(join(previous, 'assets'))
        : [];
  for (const name of names) {
    const from = join(previous, 'assets', name);
    const to = join(next, 'assets', name);
    if (existsSync(from) && !existsSync(to)) copyFileSync(from, to);
  }
}

/**
 * Points `dist` at the new build with one rename: a reader sees the old build
 * or the new one. Returns where the previous build now is.
 */
function swapIn(next: string, previous: string | null): string | null {
  let kept = previous;
  if (existsSync(distLink) && !lstatSync(distLink).isSymbolicLink()) {
    // A `dist` folder from a plain `vite build` (not a link): kept as a build of its own, then
    // replaced. Between these two renames `dist` is briefly absent; only this first time.
    kept = join(buildsDir, `${String(Date.now())}-plain`);
    renameSync(distLink, kept);
  }
  const temporaryLink = join(webDir, `.dist-${String(process.pid)}`);
  rmSync(temporaryLink, { force: true });
  symlinkSync(relative(webDir, next), temporaryLink);
  renameSync(temporaryLink, distLink);
  return kept;
}

/** Keeps the served build and the one before it; older ones no page can still need. */
function prune(served: string, previous: string | null): void {
  for (const name of readdirSync(buildsDir)) {
    const path = join(buildsDir, name);
    if (path !== served && path !== previous) rmSync(path, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // Always React's production build: a build started from a test runner (vitest sets
  // NODE_ENV=test) would otherwise ship React's development build and its dev JSX runtime.
  process.env.NODE_ENV = 'production';
  const ifChanged = process.argv.includes('--if-changed');
  runRelay();
  const hash = sourceHash();
  const previous = servedBuild();
  if (ifChanged && previous !== null && readIfExists(join(previous, SOURCE_HASH_FILE)) === hash) {
    process.stdout.write(`web client is up to date (${relative(repoRoot, previous)})\n`);
    return;
  }

  mkdirSync(buildsDir, { recursive: true });
  const next = join(buildsDir, `${String(Date.now())}-${hash.slice(0, 12)}`);
  await build({
    root: webDir,
    mode: 'production',
    build: { outDir: next, emptyOutDir: true },
  });
  const packed = precompress(next);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  process.stdout.write(
    `precompressed ${String(packed.files)} files: ${kib(packed.raw)} → Brotli ${kib(packed.brotli)}, gzip ${kib(packed.gzip)}\n`,
  );
  const ownAssets = existsSync(join(next, 'assets')) ? readdirSync(join(next, 'assets')) : [];
  writeFileSync(join(next, OWN_ASSETS_FILE), JSON.stringify(ownAssets));
  carryOverAssets(previous, next);
  writeFileSync(join(next, SOURCE_HASH_FILE), hash);

  prune(next, swapIn(next, previous));
  process.stdout.write(
    `web client built into ${relative(repoRoot, next)}; dist -> ${basename(next)}\n`,
  );
}

await main();
