import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type NetworkPerson, type NetworkThread } from '../support/network';
import { networkFilePath } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';

/*
 * Issue 30 finding 10: a right-to-left override (U+202E) in a name reordered the text
 * after it. A copy of the network file gets a new unnamed group whose title joins
 * the short names of its people, one of them holding an override; in Chromium the
 * characters after that name must still run left to right on screen.
 */
const RLO = '\u202E';

const e2e = useE2E();
let server: RunningServer;
let dir: string;
let viewer: NetworkPerson;
let overrideName: string;

beforeAll(async () => {
  const raw = JSON.parse(readFileSync(networkFilePath(), 'utf8')) as {
    people: NetworkPerson[];
    threads: NetworkThread[];
    blocks?: [string, string][];
  };
  const blocked = new Set((raw.blocks ?? []).flatMap(([a, b]) => [a, b]));
  const people = raw.people.filter(
    (p) => canLogIn(p) && !p.messenger_only && p.account === 'personal' && !blocked.has(p.id),
  );
  if (people.length < 4) throw new Error('the network file needs four unblocked personal people');
  const [first, second, third, fourth] = people as [
    NetworkPerson,
    NetworkPerson,
    NetworkPerson,
    NetworkPerson,
  ];
  viewer = first;
  overrideName = `Ov${RLO}exe.gnp`;
  second.short_name = overrideName;
  second.name = `${overrideName} Person`;
  const ids = new Set(raw.threads.map((t) => t.id));
  let id = 990_001;
  while (ids.has(String(id))) id += 1;
  raw.threads.push({
    id: String(id),
    kind: 'group',
    name: null,
    participants: [viewer.id, second.id, third.id, fourth.id],
    // The latest message of the network: the thread is the first row.
    messages: [{ from: third.id, text: 'hello all', at: new Date().toISOString() }],
  });
  dir = mkdtempSync(join(tmpdir(), 'messenger-bidi-'));
  const file = join(dir, 'network.json');
  writeFileSync(file, JSON.stringify(raw));
  server = await startServer({ networkFile: file });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('bidi isolation', () => {
  it('keeps the names after a right-to-left override in their order on screen', async () => {
    const { page } = await e2e.newPage(server.url);
    await loginAs(page, viewer);
    await page.goto(`${server.url}/messages`);
    const title = page.locator('.thread-row-title', { hasText: 'Ov' }).first();
    await title.waitFor();
    const layout = await title.evaluate((element, name) => {
      const node = element.firstChild;
      const text = node?.textContent ?? '';
      const start = text.indexOf(name);
      const xs: number[] = [];
      if (node !== null && start >= 0) {
        // Every visible letter after the override's name, in logical order.
        for (let i = start + name.length; i < text.length; i += 1) {
          if (!/\p{L}/u.test(text[i] ?? '')) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          xs.push(range.getBoundingClientRect().left);
        }
      }
      return { text, xs, dir: element.getAttribute('dir') };
    }, overrideName);
    expect(layout.dir).toBe('auto');
    // The override's name is not last: other names follow it.
    expect(layout.xs.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < layout.xs.length; i += 1) {
      expect(layout.xs[i], JSON.stringify(layout)).toBeGreaterThan(layout.xs[i - 1] ?? 0);
    }
  });
});
