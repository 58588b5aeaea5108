// `npm run -w @messenger/web relay`: prints the server's GraphQL schema, then
// compiles the graphql`...` tags of src/ with relay-compiler against it. The
// compiler writes the artifacts (`__generated__/` beside each file) and the
// persisted operations the server accepts in production
// (packages/server/persisted-operations.json; relay.config.json).
//
// The schema (src/__generated__/schema.graphql, generated, not committed) is
// printed in a separate process, so the web package never imports the server:
// by packages/server/src/graphql/print-schema.ts when it exists, else from
// `buildSchema()` of packages/server/src/schema.ts (the composition root joins
// the features' parts there).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(here, '../..');
const schemaFile = join(here, 'src/__generated__/schema.graphql');
const serverGraphql = join(repoRoot, 'packages/server/src/graphql');
const printer = join(serverGraphql, 'print-schema.ts');
const schemaModule = join(repoRoot, 'packages/server/src/schema.ts');
const persisted = join(repoRoot, 'packages/server/persisted-operations.json');

const PRINT_FROM_MODULE = `
const { printSchema } = await import('graphql');
const { buildSchema } = await import(${JSON.stringify(schemaModule)});
process.stdout.write(printSchema(buildSchema()));
`;

function hasGraphqlTags(dir: string): boolean {
  for (const name of readdirSync(dir)) {
    if (name === '__generated__' || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (hasGraphqlTags(path)) return true;
    } else if (/\.tsx?$/.test(name) && /\bgraphql`/.test(readFileSync(path, 'utf8'))) {
      return true;
    }
  }
  return false;
}

type Printed = { ok: true; sdl: string } | { ok: false; reason: string } | null;

function printServerSchema(): Printed {
  const args = existsSync(printer)
    ? ['--import', 'tsx', printer]
    : existsSync(schemaModule)
      ? ['--import', 'tsx', '--input-type=module', '-e', PRINT_FROM_MODULE]
      : null;
  if (args === null) return null;
  const printed = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  if (printed.status !== 0 || printed.stdout.trim() === '') {
    return { ok: false, reason: `${printed.stderr}${printed.stdout}`.trim() || 'no output' };
  }
  return { ok: true, sdl: printed.stdout };
}

const needed = hasGraphqlTags(join(here, 'src'));
const printed = printServerSchema();
if (printed?.ok === true) {
  mkdirSync(dirname(schemaFile), { recursive: true });
  writeFileSync(schemaFile, printed.sdl);
} else if (printed?.ok === false) {
  console.error(`relay: printing the server schema failed:\n${printed.reason}`);
  if (needed) process.exit(1);
}

if (!needed) {
  // Nothing to compile; the schema (when printed) is ready for the first operation.
  console.log('relay: no GraphQL operations in src/ yet: nothing to compile');
  process.exit(0);
}
if (!existsSync(schemaFile)) {
  console.error(`relay: no schema: ${schemaModule} is missing, so ${schemaFile} cannot be printed`);
  process.exit(1);
}

// relay-compiler refuses to start unless the persisted-operations file exists.
if (!existsSync(persisted)) writeFileSync(persisted, '{}\n');

const result = spawnSync(
  process.execPath,
  [join(repoRoot, 'node_modules/relay-compiler/cli.js'), ...process.argv.slice(2)],
  { cwd: here, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
