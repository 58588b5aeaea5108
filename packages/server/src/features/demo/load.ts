import type { AppContext } from '../../context';
import { importNetwork } from '../network/import';
import type { ProgressListener } from '../network/import-types';
import { generateDemoNetwork } from './generate';
import { demoLogins, type DemoLogin } from './logins';

/** True when nobody has been imported yet: the demo is only ever loaded into an empty database. */
export async function isNetworkEmpty(ctx: AppContext): Promise<boolean> {
  const row = await ctx.db.read((db) =>
    db.selectFrom('people').select('id').limit(1).executeTakeFirst(),
  );
  return row === undefined;
}

/** Generates the demo network for today and imports it; answers its logins. */
export async function loadDemoNetwork(
  ctx: AppContext,
  onProgress?: ProgressListener,
): Promise<DemoLogin[]> {
  const now = ctx.clock.now();
  const network = generateDemoNetwork({ now });
  await importNetwork(ctx.db, network, onProgress ? { now, onProgress } : { now });
  return demoLogins(network);
}
