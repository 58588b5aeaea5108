import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const TOKENS = join(SRC, 'ui', 'tokens.css');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

const withoutComments = (css: string): string => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties a block declares, `--name: value`, in order. */
function declarations(block: string): string[] {
  return [...block.matchAll(/(--[a-z-]+):\s*([^;]+);/g)].map((m) => `${m[1]}: ${m[2]}`);
}

/** The body of the first rule whose selector is exactly `selector`. */
function ruleBody(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector}`);
  const open = css.indexOf('{', start);
  return css.slice(open + 1, css.indexOf('}', open));
}

describe('the colour tokens', () => {
  const tokens = withoutComments(readFileSync(TOKENS, 'utf8'));

  it('are the only place a stylesheet names a colour', () => {
    const offenders = stylesheets(SRC)
      .filter((path) => path !== TOKENS)
      .flatMap((path) =>
        withoutComments(readFileSync(path, 'utf8'))
          .split('\n')
          .filter((line) => /#[0-9a-f]{3,8}\b|\b(?:rgb|hsl)a?\((?!0 0 0 \/)/i.test(line))
          .map((line) => `${relative(SRC, path)}: ${line.trim()}`),
      );
    // Shadows and scrims (black at some opacity) read the same on both themes: allowed.
    expect(offenders).toEqual([]);
  });

  it('give the dark theme the same values whether the system or the person chose it', () => {
    const system = declarations(ruleBody(tokens, ":root:not([data-theme='light'])"));
    const chosen = declarations(ruleBody(tokens, ":root[data-theme='dark']"));
    expect(system.length).toBeGreaterThan(30);
    expect(chosen).toEqual(system);
  });

  it('give every colour role a dark value (the spotlight washes are named, not themed)', () => {
    const light = declarations(ruleBody(tokens, ':root'))
      .map((d) => d.split(':')[0])
      .filter((name) => !name?.startsWith('--spotlight-wash'));
    const dark = declarations(ruleBody(tokens, ":root[data-theme='dark']")).map(
      (d) => d.split(':')[0],
    );
    expect(dark).toEqual(light);
  });

  it('define every colour role a stylesheet uses', () => {
    const defined = new Set(
      stylesheets(SRC).flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(/(--[a-z-]+)\s*:/g)].map((m) => m[1]),
      ),
    );
    const used = stylesheets(SRC).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/var\((--[a-z-]+)\)/g)].map(
        (m) => `${relative(SRC, path)} ${m[1]}`,
      ),
    );
    // React Aria sets --trigger-width on its popovers itself.
    defined.add('--trigger-width');
    expect(used.filter((use) => !defined.has(use.split(' ')[1] ?? ''))).toEqual([]);
  });
});
