// `npx tsx packages/web/scripts/feature-layers.ts [--types]`: which imports between the web's
// feature folders still point up. The folders are ordered so that as few imports as possible
// point up (greedy, Eades–Lin–Smyth: sinks to the bottom, sources to the top, else the folder
// with the most outgoing minus incoming imports); the imports against that order are listed.
// Also lists imports across layers: a feature importing app/, ui/ lib/ session/ relay/ http/
// router/ importing a feature, sync importing a feature. Tests and generated files are left
// out, and type-only imports unless --types. A report, not a check: it always exits 0.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const LOWER = new Set(['ui', 'lib', 'session', 'relay', 'http', 'router']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === '__generated__') continue;
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function folderOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1] ?? ''}`;
  return parts.length > 1 ? (parts[0] ?? '') : '(root)';
}

/** "from -> to" folder pairs, each with the file:line of every import. */
function folderImports(typesToo: boolean): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  const pattern =
    /^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/gms;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) {
      if (match[1] !== undefined && !typesToo) continue;
      const spec = match[2] ?? match[3];
      if (spec === undefined) continue;
      const from = folderOf(file);
      const to = folderOf(`${resolve(dirname(file), spec)}.ts`);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      const line = text.slice(0, match.index).split('\n').length;
      edges.set(key, [...(edges.get(key) ?? []), `${relative(SRC, file)}:${String(line)}`]);
    }
  }
  return edges;
}

/** Feature folders, importers first and the lowest layer last. */
function layerOrder(weights: Map<string, number>): string[] {
  const pairs = [...weights].map(([key, n]) => {
    const [from = '', to = ''] = key.split(' -> ');
    return { from, to, n };
  });
  const left = new Set(pairs.flatMap((p) => [p.from, p.to]));
  const degree = (folder: string, side: 'from' | 'to') =>
    pairs
      .filter((p) => left.has(p.from) && left.has(p.to) && p[side] === folder)
      .reduce((sum, p) => sum + p.n, 0);
  const top: string[] = [];
  const bottom: string[] = [];
  while (left.size > 0) {
    let changed = true;
    while (changed) {
      changed = false;
      for (const folder of [...left]) {
        if (degree(folder, 'from') === 0) {
          bottom.unshift(folder);
          left.delete(folder);
          changed = true;
        } else if (degree(folder, 'to') === 0) {
          top.push(folder);
          left.delete(folder);
          changed = true;
        }
      }
    }
    let best: string | null = null;
    let score = -Infinity;
    for (const folder of left) {
      const d = degree(folder, 'from') - degree(folder, 'to');
      if (d > score) {
        score = d;
        best = folder;
      }
    }
    if (best === null) break;
    top.push(best);
    left.delete(best);
  }
  return [...top, ...bottom];
}

const typesToo = process.argv.includes('--types');
const edges = folderImports(typesToo);
const isFeature = (folder: string) => folder.startsWith('features/');
const featureEdges = [...edges].filter(([key]) => key.split(' -> ').every(isFeature));
const order = layerOrder(new Map(featureEdges.map(([key, sites]) => [key, sites.length])));
const position = new Map(order.map((folder, i) => [folder, i]));
const up = featureEdges.filter(([key]) => {
  const [from = '', to = ''] = key.split(' -> ');
  return (position.get(to) ?? 0) < (position.get(from) ?? 0);
});
const across = [...edges].filter(([key]) => {
  const [from = '', to = ''] = key.split(' -> ');
  return (
    (isFeature(from) && to === 'app') ||
    (LOWER.has(from) && isFeature(to)) ||
    (from === 'features/sync' && isFeature(to))
  );
});
const count = (list: [string, string[]][]) =>
  list.reduce((sum, [, sites]) => sum + sites.length, 0);

console.log(`order, top to bottom: ${order.map((folder) => folder.slice(9)).join(' > ')}`);
console.log(
  `\nimports pointing up between feature folders: ${String(count(up))} in ${String(up.length)} folder pairs${typesToo ? ' (type-only included)' : ''}`,
);
for (const [key, sites] of up.sort())
  console.log(`  ${key} (${String(sites.length)}): ${sites.join(', ')}`);
console.log(`\nacross layers: ${String(count(across))}`);
for (const [key, sites] of across.sort())
  console.log(`  ${key} (${String(sites.length)}): ${sites.join(', ')}`);
