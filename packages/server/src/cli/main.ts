import { loadConfig } from '../config';
import { createRuntime } from '../runtime';
import { backupCommand, restoreCommand } from './backup-commands';
import { demoCommand, importCommand } from './network-commands';

// `npm run messenger` runs in the server package's folder; paths given on the
// command line (FILE, DATA_DIR) mean where the user typed them.
const userCwd = process.env.INIT_CWD;
if (userCwd !== undefined && userCwd !== '') process.chdir(userCwd);

/**
 * The `messenger` command line (`npm run messenger -- <command>`).
 * Commands: migrate, import FILE, demo, backup FILE, restore FILE.
 */
const commands: Record<string, (args: string[]) => Promise<number>> = {
  async migrate() {
    const runtime = await createRuntime(loadConfig(process.env), { tracing: null });
    await runtime.close();
    process.stdout.write('database is up to date\n');
    return 0;
  },
  import: importCommand,
  demo: demoCommand,
  backup: backupCommand,
  restore: restoreCommand,
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
