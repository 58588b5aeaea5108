import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { loadDemoNetwork } from '../features/demo/load';
import { formatLoginTable } from '../features/demo/logins';
import { importNetwork, InvalidNetworkError, type ImportCounts } from '../features/network/import';
import { createRuntime } from '../runtime';
import { createProgressBar, progressOutputOn } from './progress-bar';

async function withContext(fn: (ctx: AppContext) => Promise<number>): Promise<number> {
  // The command line traces nothing (it serves no requests).
  const runtime = await createRuntime(loadConfig(process.env), { tracing: null });
  try {
    return await fn(runtime.ctx);
  } finally {
    await runtime.close();
  }
}

function summary(counts: ImportCounts): string {
  return Object.entries(counts)
    .map(([name, count]) => `${String(count)} ${name}`)
    .join(', ');
}

/** `messenger import FILE`: exit 0 when imported, 1 when the file is refused or unreadable. */
export async function importCommand(args: string[]): Promise<number> {
  const [file] = args;
  if (file === undefined || args.length !== 1) {
    process.stderr.write('usage: messenger import FILE\n');
    return 2;
  }
  const path = resolve(file);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`cannot read ${path} as JSON: ${reason}\n`);
    return 1;
  }
  return withContext(async (ctx) => {
    const bar = createProgressBar(progressOutputOn(process.stderr));
    try {
      const counts = await importNetwork(ctx.db, json, {
        now: ctx.clock.now(),
        onProgress: (progress) => {
          bar.update(progress);
        },
      });
      bar.finish();
      process.stdout.write(`imported ${summary(counts)}\n`);
      return 0;
    } catch (error) {
      bar.finish();
      if (error instanceof InvalidNetworkError) {
        process.stderr.write(`invalid network file: ${error.message}\n`);
        return 1;
      }
      throw error;
    }
  });
}

/** `messenger demo`: generates and imports the demo network, then lists its logins. */
export async function demoCommand(): Promise<number> {
  return withContext(async (ctx) => {
    const bar = createProgressBar(progressOutputOn(process.stderr));
    const logins = await loadDemoNetwork(ctx, (progress) => {
      bar.update(progress);
    });
    bar.finish();
    process.stdout.write(`demo network imported. Demo logins:\n${formatLoginTable(logins)}\n`);
    return 0;
  });
}
