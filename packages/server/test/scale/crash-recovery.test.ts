import { afterAll, describe, expect, it } from 'vitest';
import { SyncClient } from '../sync/support/socket';
import type { Session } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { expectExactlyOnce, expectSeamlessLog, receivedMessageIds, until } from './support/checks';
import {
  CREW,
  CREW_PASSWORD,
  crewUsername,
  postgresStorage,
  sqliteStorage,
  type CrewName,
  type Storage,
} from './support/fixture';
import { httpLogin, httpSend } from './support/http-client';
import { importNetworkFile, ServerProcess, type RunningServer } from './support/node-process';

/*
 * Durability (issue 4, item 6): a server process under a send load is killed
 * with SIGKILL and restarted on the same data. Acknowledged means the sender
 * got HTTP 200 with the message; anything in flight at the kill is unknown
 * and is retried with its offline_threading_id, as a client would.
 */
const dialects = await dialectsUnderTest();

const SENDERS: CrewName[] = ['sol', 'tam', 'uma', 'vic'];
/** Acknowledged sends before the kill: enough that the kill lands mid-load. */
const ACKED_BEFORE_KILL = 60;

interface Attempt {
  sender: CrewName;
  otid: string;
  text: string;
}

describe.each(dialects)('kill -9 during a send load (%s)', (dialect) => {
  let storage: Storage | undefined;
  const servers: RunningServer[] = [];
  const sockets: SyncClient[] = [];

  afterAll(async () => {
    for (const client of sockets) client.ws.terminate();
    await Promise.allSettled(servers.map((s) => s.kill()));
    await storage?.dispose();
  }, 120_000);

  it('keeps every acknowledged message exactly once, retries do not duplicate, the receiver resumes seamlessly', async () => {
    storage = dialect === 'sqlite' ? sqliteStorage() : await postgresStorage();
    await importNetworkFile(storage.networkFile, storage.env);
    const first = await ServerProcess.start(`${dialect} server`, storage.env);
    servers.push(first);

    const sessions = new Map<CrewName, Session>();
    for (const name of ['rin', ...SENDERS] as CrewName[]) {
      sessions.set(name, await httpLogin(first.baseUrl, crewUsername(name), CREW_PASSWORD));
    }
    const sessionOf = (name: CrewName): Session => {
      const s = sessions.get(name);
      if (s === undefined) throw new Error(`no session for ${name}`);
      return s;
    };

    // rin receives everything the senders write, in two tabs: one live until the kill, one
    // that goes away early and so must replay from the log after the restart.
    const openTab = async (server: RunningServer, lastSeq: number): Promise<SyncClient> => {
      const tab = await SyncClient.connect(server.syncUrl, { cookie: sessionOf('rin').cookie });
      sockets.push(tab);
      await tab.hello(lastSeq);
      return tab;
    };
    const receiver = await openTab(first, 0);
    const laggard = await openTab(first, 0);

    const acked = new Map<string, string>();
    const unacked: Attempt[] = [];
    const loops = SENDERS.map(async (sender) => {
      // Each loop ends at its first failed send: the server is gone.
      for (let i = 0; ; i += 1) {
        const attempt = {
          sender,
          otid: `${sender}-${String(i)}`,
          text: `load ${sender} ${String(i)}`,
        };
        try {
          const sent = await httpSend(first.baseUrl, sessionOf(sender), {
            recipient_id: CREW.rin,
            text: attempt.text,
            offline_threading_id: attempt.otid,
          });
          acked.set(attempt.otid, sent.message.id);
        } catch {
          unacked.push(attempt);
          return;
        }
      }
    });
    await until(
      () => receivedMessageIds([laggard]).length >= ACKED_BEFORE_KILL / 4,
      () => `the laggard has ${laggard.deltaFrames().length} deltas`,
      90_000,
    );
    await laggard.close();
    await until(
      () => acked.size >= ACKED_BEFORE_KILL && receivedMessageIds([receiver]).length > 0,
      () => `${acked.size} acknowledged, receiver has ${receiver.deltaFrames().length} deltas`,
      90_000,
    );
    await first.kill();
    await Promise.all(loops);
    await receiver.closed;
    expect(unacked).toHaveLength(SENDERS.length);
    expectSeamlessLog([receiver]);
    expectSeamlessLog([laggard]);

    const second = await ServerProcess.start(`${dialect} server, restarted`, storage.env);
    servers.push(second);
    // Both tabs resume from their last seqs before the retries below: replay, then live.
    const resumed = await openTab(second, receiver.lastSeq());
    const laggardResumed = await openTab(second, laggard.lastSeq());

    // A retry of an acknowledged send returns the stored message and writes nothing.
    for (const sender of SENDERS) {
      const otid = `${sender}-0`;
      const again = await httpSend(second.baseUrl, sessionOf(sender), {
        recipient_id: CREW.rin,
        text: `load ${sender} 0`,
        offline_threading_id: otid,
      });
      expect(again).toMatchObject({ created: false, message: { id: acked.get(otid) } });
    }
    // The sends in flight at the kill are retried: stored once, whether or not they had committed.
    const retried = new Map<string, string>();
    for (const attempt of unacked) {
      for (let round = 0; round < 2; round += 1) {
        const sent = await httpSend(second.baseUrl, sessionOf(attempt.sender), {
          recipient_id: CREW.rin,
          text: attempt.text,
          offline_threading_id: attempt.otid,
        });
        if (round === 1) expect(sent.created).toBe(false);
        const known = retried.get(attempt.otid);
        expect(known === undefined || known === sent.message.id).toBe(true);
        retried.set(attempt.otid, sent.message.id);
      }
    }

    // What is really stored, read straight from the database.
    const db = storage.open();
    const rows = await db.kysely
      .selectFrom('messages')
      .select(['id', 'offline_threading_id'])
      .where(
        'sender_id',
        'in',
        SENDERS.map((s) => CREW[s]),
      )
      .execute()
      .finally(() => db.close());
    const stored = new Map(rows.map((r) => [r.offline_threading_id ?? '', r.id]));
    expect(rows).toHaveLength(stored.size);
    expect(stored.size).toBe(acked.size + unacked.length);
    for (const [otid, id] of [...acked, ...retried]) expect(stored.get(otid)).toBe(id);

    // Each tab, with its resumed socket, saw rin's whole log once: every stored message once.
    for (const tab of [
      [receiver, resumed],
      [laggard, laggardResumed],
    ]) {
      await until(
        () => receivedMessageIds(tab).length >= stored.size,
        () => `a tab has ${receivedMessageIds(tab).length} of ${stored.size} messages`,
        60_000,
      );
      expectSeamlessLog(tab);
      expectExactlyOnce(receivedMessageIds(tab), stored.values());
    }
    // The laggard's resume really replayed the load from the log.
    expect(receivedMessageIds([laggardResumed]).length).toBeGreaterThan(acked.size / 2);
  }, 300_000);
});
