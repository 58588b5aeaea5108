// `npm run -w @messenger/server build`: the production server as JavaScript.
// esbuild bundles the server's own sources and @messenger/core (a workspace
// package of TypeScript, which Node does not run from node_modules) into
// dist/main.js (the server) and dist/cli.js (the `messenger` command line);
// every other package stays an import of node_modules, installed by
// `npm ci --omit=dev`. Nothing here runs at start: a production start never builds.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const coreDir = join(serverDir, '../core');
const outDir = join(serverDir, 'dist');

interface PackageJson {
  dependencies?: Record<string, string>;
}

function dependenciesOf(dir: string): string[] {
  const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  return Object.keys(json.dependencies ?? {});
}

/** Installed packages (and their subpaths) stay imports; the workspace's own are compiled in. */
const external = [...dependenciesOf(serverDir), ...dependenciesOf(coreDir)]
  .filter((name) => !name.startsWith('@messenger/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(outDir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: join(serverDir, 'src/main.ts'), cli: join(serverDir, 'src/cli/main.ts') },
  outdir: outDir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: true,
  // Stack traces name the sources' functions.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  // A package that is CommonJS-only may still `require` a Node builtin from inside the bundle.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
process.stdout.write(`server built into ${outDir} (${String(Math.round(bytes / 1024))} KiB)\n`);
