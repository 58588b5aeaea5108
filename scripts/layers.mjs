#!/usr/bin/env node
// Folder-level imports of packages/server/src and packages/web/src: which
// folder imports which (with counts), the ones that run "up" against the
// declared layer order below, and folder cycles. ARCHITECTURE.md shows its
// output. Exits 1 when an up-import or a cycle is not on the allowlist, so a
// new one fails `npm run layers` (and lint's import rules say the same per file).
//
//   npm run layers            the whole table
//   npm run layers -- --brief only what runs up or round
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS } from './layers.config.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const brief = process.argv.includes('--brief');

const SOURCE = /\.(ts|tsx|mts)$/;
const ASSET = /\.(css|svg|png|jpe?g|webp|json|woff2?)(\?.*)?$/;
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || entry.name === '__generated__' ? [] : files(path);
    }
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The folder unit of a source file: `features/<name>`, a top-level folder, or a root file. */
function unitOf(srcDir, file) {
  const parts = relative(srcDir, file).split('/');
  if (parts.length === 1) return parts[0].replace(SOURCE, '');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0];
}

function layerOf(spec, unit) {
  const index = spec.layers.findIndex((layer) =>
    layer.units.some((pattern) =>
      pattern.endsWith('*') ? unit.startsWith(pattern.slice(0, -1)) : unit === pattern,
    ),
  );
  return index;
}

/** Tarjan's strongly connected components: every folder cycle, as one group each. */
function cyclesOf(nodes, edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return groups;
}

function resolveFile(target) {
  if (SOURCE.test(target) && existsSync(target)) return target;
  return ['.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => `${target}${ext}`)
    .find((path) => existsSync(path));
}

/**
 * File cycles that exist only through `import type`: import-x/no-cycle skips
 * type-only imports (it has no option not to), so these pass lint.
 */
function typeOnlyCycles(fileEdges) {
  const files = new Set([
    ...fileEdges.keys(),
    ...[...fileEdges.values()].flatMap((r) => [...r.keys()]),
  ]);
  const valueEdges = new Map(
    [...fileEdges].map(([from, row]) => [
      from,
      new Map([...row].filter(([, typeOnly]) => !typeOnly)),
    ]),
  );
  const valueGroup = new Map(
    cyclesOf(files, valueEdges).flatMap((group, i) => group.map((f) => [f, i])),
  );
  return cyclesOf(files, fileEdges).filter(
    (group) =>
      !group.every((f) => valueGroup.has(f) && valueGroup.get(f) === valueGroup.get(group[0])),
  );
}

function analyse(spec) {
  const srcDir = join(ROOT, spec.src);
  /** from → to → { all, typeOnly } */
  const edges = new Map();
  const nodes = new Set();
  /** file → file → true when every import between them is type-only */
  const fileEdges = new Map();
  for (const file of files(srcDir)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = unitOf(srcDir, file);
    // Test helpers sit beside the app but are not part of it.
    if (spec.skip?.includes(from)) continue;
    nodes.add(from);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[2] ?? match[3];
      // Packages, and assets (styles, images, JSON) are not folder dependencies.
      if (!specifier.startsWith('.') || ASSET.test(specifier)) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(srcDir + '/')) continue;
      const toFile = resolveFile(target);
      if (toFile !== undefined) {
        const row = fileEdges.get(file) ?? new Map();
        row.set(toFile, (row.get(toFile) ?? true) && match[1] !== undefined);
        fileEdges.set(file, row);
      }
      const to = unitOf(srcDir, toFile ?? `${target}.ts`);
      if (to === from) continue;
      nodes.add(to);
      const row = edges.get(from) ?? new Map();
      const count = row.get(to) ?? { all: 0, typeOnly: 0 };
      count.all += 1;
      if (match[1] !== undefined) count.typeOnly += 1;
      row.set(to, count);
      edges.set(from, row);
    }
  }
  return { edges, nodes, fileEdges };
}

const matches = (pattern, unit) =>
  pattern.endsWith('*') ? unit.startsWith(pattern.slice(0, -1)) : unit === pattern;
const allowed = (spec, from, to) =>
  spec.allow.find((a) => matches(a.from, from) && a.to.some((t) => matches(t, to)));

let failures = 0;
for (const spec of LAYERS) {
  const { edges, nodes, fileEdges } = analyse(spec);
  const unplaced = [...nodes].filter((n) => layerOf(spec, n) === -1).sort();
  console.log(`\n## ${spec.src}\n`);
  console.log(
    `Layers, lowest first: ${spec.layers.map((l) => `${l.name} (${l.units.join(', ')})`).join(' < ')}`,
  );
  if (unplaced.length > 0) {
    console.log(
      `NOT PLACED in a layer (add them to scripts/layers.config.mjs): ${unplaced.join(', ')}`,
    );
    failures += unplaced.length;
  }
  const rows = [];
  for (const [from, row] of edges) {
    for (const [to, count] of row) {
      const up = layerOf(spec, from) < layerOf(spec, to);
      rows.push({ from, to, count, up });
    }
  }
  rows.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  // Every cycle through an up-import is already marked UP; what is left are
  // cycles among folders of one layer (or running down and sideways), marked CYCLE.
  const level = new Map();
  for (const [from, row] of edges) {
    level.set(from, new Map([...row].filter(([to]) => layerOf(spec, from) >= layerOf(spec, to))));
  }
  const cycles = cyclesOf(nodes, level);
  const allCycles = cyclesOf(nodes, edges);
  const inCycle = new Map(cycles.flatMap((group, i) => group.map((n) => [n, i])));
  console.log('');
  for (const { from, to, count, up } of rows) {
    const round = !up && inCycle.has(from) && inCycle.get(from) === inCycle.get(to);
    if (brief && !up && !round) continue;
    const marks = [up ? 'UP' : '', round ? 'CYCLE' : ''].filter(Boolean).join(' ');
    const allow = up || round ? allowed(spec, from, to) : undefined;
    const note = allow !== undefined ? `allowlisted, ${allow.owner}: ${allow.why}` : '';
    const types = count.typeOnly > 0 ? ` (${count.typeOnly} type-only)` : '';
    console.log(
      `${from.padEnd(34)} → ${to.padEnd(34)} ${String(count.all).padStart(3)}${types}${marks ? `  ${marks}` : ''}${note ? `  [${note}]` : ''}`,
    );
    if ((up || round) && allow === undefined) failures += 1;
  }
  const ups = rows.filter((r) => r.up);
  const upImports = ups.reduce((n, r) => n + r.count.all, 0);
  console.log(
    `\n${String(rows.length)} folder-to-folder edges; ${String(ups.length)} run up (${String(upImports)} imports); ` +
      `${String(allCycles.length)} folder cycle group(s) over all imports, ${String(cycles.length)} left once the up-imports are set aside:`,
  );
  for (const group of cycles) console.log(`  cycle within a layer: ${group.join(' ↔ ')}`);
  const srcDir = join(ROOT, spec.src);
  for (const group of typeOnlyCycles(fileEdges)) {
    const names = group.map((f) => relative(srcDir, f));
    const allow = spec.allowTypeCycles?.find((a) => names.every((n) => a.files.includes(n)));
    console.log(
      `  file cycle through type-only imports: ${names.join(' ↔ ')}${allow ? `  [allowlisted, ${allow.owner}: ${allow.why}]` : ''}`,
    );
    if (allow === undefined) failures += 1;
  }
}
if (failures > 0) {
  console.log(`\n${String(failures)} up-imports, cycles or unplaced folders are not allowlisted.`);
  process.exitCode = 1;
}
