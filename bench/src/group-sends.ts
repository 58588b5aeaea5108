/**
 * What the send bench and the WAL-pages bench share: a network of groups of
 * ten imported into a database, and the n-th send of a closed loop, spread
 * over the groups and over each group's members, through the send service.
 */
import { loadConfig } from '../../packages/server/src/config';
import type { AppContext } from '../../packages/server/src/context';
import type { Viewer } from '../../packages/server/src/features/accounts/viewer';
import { sendMessage } from '../../packages/server/src/features/messaging/send-service';
import { importNetwork } from '../../packages/server/src/features/network/import';
import { createLogger } from '../../packages/server/src/logger';
import { createRuntime } from '../../packages/server/src/runtime';
import type { Db } from '../../packages/server/src/storage/db';
import { generateDeliveryNetwork, groupThreadId, personId } from './delivery/network';
import { progressLine } from './progress';

export const GROUP_SIZE = 10;

export function benchViewer(index: number): Viewer {
  return {
    id: personId(index),
    name: `Bench Person ${index}`,
    short_name: `Bench${index}`,
    username: `dlv${index}`,
    account: 'personal',
    companyId: null,
    companyPrefix: null,
    isEmployee: false,
    isWork: false,
    gates: new Set(),
  };
}

/** Imports `groups` groups of GROUP_SIZE people, each with `historyPerGroup` messages. */
export async function importGroups(db: Db, groups: number, historyPerGroup: number): Promise<void> {
  const people = groups * GROUP_SIZE;
  console.log(`importing ${people} people in ${groups} groups of ${GROUP_SIZE}…`);
  await importNetwork(
    db,
    generateDeliveryNetwork({
      people,
      groupSize: GROUP_SIZE,
      historyPerGroup,
      resumeUsers: 1,
      resumeThreads: 1,
    }),
    {
      now: Date.UTC(2026, 10, 1),
      onProgress: (p) => {
        progressLine(`import ${p.phase}`, p.done, p.total);
      },
    },
  );
}

/** A runtime's context over the bench's database (nothing in it outlives the process). */
export async function benchContext(db: Db, dataDir: string): Promise<AppContext> {
  const runtime = await createRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), {
    db,
    logger: createLogger('warn'),
    tracing: null,
  });
  return runtime.ctx;
}

/** The n-th message: group n mod `groups`, from the group's members in turn. */
export function sendNth(ctx: AppContext, groups: number, n: number, tag: string): Promise<unknown> {
  const g = n % groups;
  const sender = g * GROUP_SIZE + (Math.floor(n / groups) % GROUP_SIZE);
  return sendMessage(ctx, benchViewer(sender), {
    thread_id: groupThreadId(g),
    text: `bench message ${n}`,
    offline_threading_id: `${tag}${n}`,
  });
}
