import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is e2e/support/paths.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The network file the tests import: MESSENGER_E2E_NETWORK when set, else the
 * shared example network next to the repository (`../shared/fixtures/`).
 */
export function networkFilePath(): string {
  const override = process.env.MESSENGER_E2E_NETWORK;
  const path =
    override !== undefined && override !== ''
      ? resolve(override)
      : join(REPO_ROOT, '../shared/fixtures/example-network.json');
  if (!existsSync(path)) {
    throw new Error(
      `The end-to-end network file ${path} does not exist. ` +
        'Set MESSENGER_E2E_NETWORK to a network file (NETWORK_FORMAT.md).',
    );
  }
  return path;
}

/** The built web client the server serves; `npm run -w @messenger/e2e test` builds it first. */
export const WEB_DIST_INDEX = join(REPO_ROOT, 'packages/web/dist/index.html');
