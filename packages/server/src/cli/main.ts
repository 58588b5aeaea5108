import { loadConfig } from '../config';
import { createRuntimeContext } from '../runtime';

/**
 * The `messenger` command line (`npm run messenger -- <command>`).
 * Commands: migrate.
 */
const commands: Record<string, (args: string[]) => Promise<number>> = {
  async migrate() {
    const ctx = await createRuntimeContext(loadConfig(process.env));
    await ctx.db.close();
    process.stdout.write('database is up to date\n');
    return 0;
  },
};

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (!command) {
    process.stderr.write(`usage: messenger <${Object.keys(commands).join('|')}> [args]\n`);
    return 2;
  }
  return command(args);
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
