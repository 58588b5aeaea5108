import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';

/**
 * Issue 31, item 15: rebuilding the web client (what `npm start` does) never
 * takes away what a running server of the same checkout serves. The build
 * goes into a new folder and `packages/web/dist` is swapped to it in one
 * rename; a page opened before still loads its old chunks; with nothing
 * changed, `--if-changed` builds nothing.
 */
const e2e = useE2E();
const webDir = join(REPO_ROOT, 'packages/web');
const buildsDir = join(webDir, 'builds');
const distLink = join(webDir, 'dist');

/** An earlier build, as a page opened before the rebuild knows it: its own chunk under assets/. */
const EARLIER = join(buildsDir, '0000000000000-earlier');
const EARLIER_CHUNK = 'earlier-chunk-Zq9x1.js';

function build(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      ['run', '--silent', '-w', '@messenger/web', 'build', '--', ...args],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.once('exit', (code) => {
      resolve({ code, output });
    });
  });
}

/** Serves the earlier build: `dist` points at it, as after an earlier `npm start`. */
function serveEarlierBuild(): void {
  rmSync(EARLIER, { recursive: true, force: true });
  mkdirSync(join(EARLIER, 'assets'), { recursive: true });
  writeFileSync(
    join(EARLIER, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(EARLIER, 'assets', EARLIER_CHUNK), 'export const earlier = 1;\n');
  writeFileSync(join(EARLIER, '.own-assets.json'), JSON.stringify([EARLIER_CHUNK]));
  const temporary = join(webDir, '.dist-e2e');
  rmSync(temporary, { force: true });
  symlinkSync('builds/0000000000000-earlier', temporary);
  renameSync(temporary, distLink);
}

describe('rebuilding the web client while a server serves it', () => {
  afterAll(() => {
    // The real build stays served; the made-up earlier one goes.
    rmSync(EARLIER, { recursive: true, force: true });
  });

  it('never answers "not built" or a missing chunk while the new build is swapped in', async () => {
    serveEarlierBuild();
    const failures: string[] = [];
    let polls = 0;
    const polling = { on: true };
    const poller = (async () => {
      while (polling.on) {
        for (const path of ['/', `/assets/${EARLIER_CHUNK}`]) {
          const response = await fetch(`${e2e.serverUrl}${path}`);
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`${path}: ${String(response.status)}`);
        }
        polls += 1;
      }
    })();

    const result = await build();
    polling.on = false;
    await poller;
    expect(result.code, result.output).toBe(0);
    expect(failures).toEqual([]);
    expect(polls).toBeGreaterThan(10);

    // dist is the new build; the earlier one is kept (pages may still need its files).
    const served = realpathSync(distLink);
    expect(served).not.toBe(EARLIER);
    expect(existsSync(EARLIER)).toBe(true);
    const html = await (await fetch(`${e2e.serverUrl}/`)).text();
    expect(html).toMatch(/src="\/assets\/index-[^"]+\.js"/);
    // The page opened before the swap still gets its chunk, now from the new build.
    expect(existsSync(join(served, 'assets', EARLIER_CHUNK))).toBe(true);
    expect((await fetch(`${e2e.serverUrl}/assets/${EARLIER_CHUNK}`)).status).toBe(200);
  }, 300_000);

  it('builds nothing when no source changed since the served build', async () => {
    const before = readdirSync(buildsDir).sort();
    const served = realpathSync(distLink);
    const result = await build('--if-changed');
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('web client is up to date');
    expect(readdirSync(buildsDir).sort()).toEqual(before);
    expect(realpathSync(distLink)).toBe(served);
  }, 300_000);
});
