import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (where its package.json is), found from this
 * module's own location: the same answer whether the server runs from its
 * TypeScript sources (src/…) or from the production build (dist/main.js), so
 * the files beside the package (persisted operations, the web client) are
 * found from either.
 */
export function serverPackageDir(moduleUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
  return dir;
}
