// `npm run -w @messenger/web i18n:extract`: every message descriptor of core and
// the web (`defineMessages({...})`, `formatMessage`, `<FormattedMessage>`) into
// src/i18n/lang/en.json, by the formatjs CLI. en.json is what translators work
// from; the i18n test fails when it is stale or when a translation lacks an id.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Paths from strings: under jsdom (the web tests) `URL` is not Node's.
const web = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where descriptors live, relative to packages/web: core's and the web's sources. */
const SOURCES = ['../core/src/**/*.ts', 'src/**/*.{ts,tsx}'];

/** The extracted catalogue (id → English wording), keys sorted. Throws on one id with two texts. */
export function extractMessages(
  outFile: string,
  sources: readonly string[] = SOURCES,
): Record<string, string> {
  execFileSync(
    'npx',
    [
      'formatjs',
      'extract',
      ...sources,
      '--ignore',
      '**/*.test.{ts,tsx}',
      '--ignore',
      'src/__generated__/**',
      // The seed's wording is exact to the character: no whitespace folding.
      '--preserve-whitespace',
      '--throws',
      '--format',
      'simple',
      '--out-file',
      outFile,
    ],
    { cwd: web, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const extracted = JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(extracted).sort(([a], [b]) => (a < b ? -1 : 1)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = join(web, 'src/i18n/lang/en.json');
  const messages = extractMessages(target);
  writeFileSync(target, `${JSON.stringify(messages, null, 2)}\n`);
  console.log(`${Object.keys(messages).length} messages → src/i18n/lang/en.json`);
}
