import { afterAll, describe, expect, it } from 'vitest';
import { SYNC_CLOSE } from '@messenger/core';
import { SyncClient } from '../sync/support/socket';
import { CREW, CREW_PASSWORD, crewUsername, sqliteStorage, type Storage } from './support/fixture';
import { httpLogin, httpSend } from './support/http-client';
import { importNetworkFile, ServerProcess, type RunningServer } from './support/node-process';

/*
 * Issue 30: graceful shutdown. A real node gets SIGTERM: /readyz turns 503 at once,
 * new sync sockets are refused with 1001 (reconnect elsewhere), the node keeps serving
 * through the drain, sends already received finish and are answered, the open sockets
 * are told 1001, and the process exits 0 within its bound.
 */
const DRAIN_MS = 1500;
const TIMEOUT_MS = 10_000;
const SOCKET_SENDS = 200;

describe('SIGTERM', () => {
  let storage: Storage | undefined;
  let server: RunningServer | undefined;
  const sockets: SyncClient[] = [];

  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await server?.kill();
    await storage?.dispose();
  }, 60_000);

  it('drains, finishes sends, tells sockets to reconnect and exits within its bound', async () => {
    storage = sqliteStorage();
    await importNetworkFile(storage.networkFile, storage.env);
    server = await ServerProcess.start('draining node', {
      ...storage.env,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const node = server;
    const sol = await httpLogin(node.baseUrl, crewUsername('sol'), CREW_PASSWORD);
    const rin = await httpLogin(node.baseUrl, crewUsername('rin'), CREW_PASSWORD);
    const open = async (cookie: string): Promise<SyncClient> => {
      const client = await SyncClient.connect(node.syncUrl, { cookie });
      sockets.push(client);
      return client;
    };
    const rinTab = await open(rin.cookie);
    await rinTab.hello(0);
    const solTab = await open(sol.cookie);
    await solTab.hello(0);
    const acknowledged = new Set<string>();
    acknowledged.add(
      (
        await httpSend(node.baseUrl, sol, {
          recipient_id: CREW.rin,
          text: 'before',
          offline_threading_id: 'before-term',
        })
      ).message.id,
    );

    const signalledAt = Date.now();
    const exited = node.terminate();

    // As soon as the signal lands: not ready, and a new socket is sent away.
    let ready = await fetch(`${node.baseUrl}/readyz`);
    while (ready.status === 200 && Date.now() - signalledAt < DRAIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ready = await fetch(`${node.baseUrl}/readyz`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ draining: true });
    const late = await open(rin.cookie);
    expect((await late.closed).code).toBe(SYNC_CLOSE.goingAway);

    // Still serving through the drain.
    acknowledged.add(
      (
        await httpSend(node.baseUrl, sol, {
          recipient_id: CREW.rin,
          text: 'during the drain',
          offline_threading_id: 'during-drain',
        })
      ).message.id,
    );

    // A burst of socket sends just before the servers close: every one is answered.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, DRAIN_MS - 150 - (Date.now() - signalledAt))),
    );
    for (let i = 0; i < SOCKET_SENDS; i += 1) {
      solTab.send({
        type: 'send',
        request_id: `burst-${String(i)}`,
        input: {
          recipient_id: CREW.rin,
          text: `burst ${String(i)}`,
          offline_threading_id: `burst-${String(i)}`,
        },
      });
    }

    expect((await rinTab.closed).code).toBe(SYNC_CLOSE.goingAway);
    expect((await solTab.closed).code).toBe(SYNC_CLOSE.goingAway);
    const results = solTab.frames.filter((f) => f.type === 'send_result');
    expect(results).toHaveLength(SOCKET_SENDS);
    for (const result of results) {
      expect(result).toHaveProperty('message');
      if ('message' in result && result.message !== undefined) acknowledged.add(result.message.id);
    }

    expect(await exited).toBe(0);
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(tookMs).toBeLessThan(TIMEOUT_MS);
    // Listening no more.
    await expect(fetch(`${node.baseUrl}/healthz`)).rejects.toThrow();

    const db = storage.open();
    try {
      const rows = await db.read((k) =>
        k
          .selectFrom('messages')
          .select('id')
          .where('id', 'in', [...acknowledged])
          .execute(),
      );
      expect(rows).toHaveLength(acknowledged.size);
      expect(acknowledged.size).toBe(SOCKET_SENDS + 2);
    } finally {
      await db.close();
    }
  });
});
