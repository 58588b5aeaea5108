import { applyTypingFrame, noTypers, typersIn, type ServerFrame } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from './support/app';
import { logOf } from './support/counts';
import { gqlOk } from './support/gql';
import { pause, type SyncClient } from './support/socket';
import { PAGE, PEOPLE, block, viewerOf } from './support/world';

const dialects = await dialectsUnderTest();

const presenceOf = (userId: string) => (f: ServerFrame) =>
  f.type === 'presence' && f.user_id === userId;
const typingOf = (threadId: string) => (f: ServerFrame) =>
  f.type === 'typing' && f.thread_id === threadId;

/** Ephemeral frames are never stored: the test compares logs before and after. */
async function logSizes(live: LiveApp): Promise<number[]> {
  return Promise.all(Object.values(PEOPLE).map(async (id) => (await logOf(live.db, id)).length));
}

describe.each(dialects)('presence and typing (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect, {
      sync: {
        presenceIdleMs: 600,
        presenceOfflineGraceMs: 250,
        presenceSweepMs: 40,
        typingExpiryMs: 900,
      },
    });
  });
  afterAll(async () => {
    await live.dispose();
  });

  async function online(name: Parameters<LiveApp['socket']>[0]): Promise<SyncClient> {
    const socket = await live.socket(name);
    await socket.hello(0);
    return socket;
  }

  it('pushes ACTIVE, IDLE and OFFLINE to friends as they happen, never to strangers, never stored', async () => {
    const stored = await logSizes(live);
    const ben = await online('ben');
    const cal = await online('cal');
    const ann = await online('ann');
    expect(await ben.waitFor(presenceOf(PEOPLE.ann))).toMatchObject({ status: 'ACTIVE' });
    expect(live.ctx.presence.get(PEOPLE.ann)).toBe('ACTIVE');

    // The client says its user went idle, then comes back by typing.
    const mark = ben.frames.length;
    ann.send({ type: 'presence', state: 'idle' });
    expect(await ben.waitFor(presenceOf(PEOPLE.ann), mark)).toMatchObject({ status: 'IDLE' });
    const back = ben.frames.length;
    ann.send({ type: 'presence', state: 'active' });
    expect(await ben.waitFor(presenceOf(PEOPLE.ann), back)).toMatchObject({ status: 'ACTIVE' });

    // Quiet for the idle time: IDLE without a word from the client.
    const quiet = ben.frames.length;
    expect(await ben.waitFor(presenceOf(PEOPLE.ann), quiet, 3000)).toMatchObject({
      status: 'IDLE',
    });

    // Gone: OFFLINE after the grace period.
    const gone = ben.frames.length;
    await ann.close();
    expect(await ben.waitFor(presenceOf(PEOPLE.ann), gone, 3000)).toMatchObject({
      status: 'OFFLINE',
    });
    expect(live.ctx.presence.get(PEOPLE.ann)).toBe('OFFLINE');

    expect(cal.frames.some(presenceOf(PEOPLE.ann))).toBe(false);
    expect(await logSizes(live)).toEqual(stored);
  });

  it('does not flicker OFFLINE when a tab reloads within the grace period', async () => {
    const dot = await online('dot');
    const first = await online('ben');
    await dot.waitFor(presenceOf(PEOPLE.ben));
    const mark = dot.frames.length;
    await first.close();
    const second = await online('ben');
    await pause(500);
    expect(
      dot.frames
        .slice(mark)
        .filter((f) => f.type === 'presence' && f.user_id === PEOPLE.ben && f.status === 'OFFLINE'),
    ).toEqual([]);
    await second.close();
  });

  it('sends who is online right after ready, and feeds the buddy list suffix', async () => {
    const dot = await online('dot');
    const ann = await live.socket('ann');
    const { seq } = await ann.hello(0);
    const readyAt = ann.frames.findIndex((f) => f.type === 'ready' && f.seq === seq);
    expect(await ann.waitFor(presenceOf(PEOPLE.dot), readyAt)).toMatchObject({ status: 'ACTIVE' });
    const data = await gqlOk<{ viewer: { chat_sidebar_preload: { buddies: string[] } } }>(
      live.app,
      await live.session('ann'),
      `{ viewer { chat_sidebar_preload { buddies } } }`,
    );
    expect(data.viewer.chat_sidebar_preload.buddies).toContain(`${PEOPLE.dot}-ACTIVE`);
    await dot.close();
    await ann.close();
  });

  it('counts coworkers of a work account as friends for presence', async () => {
    const fay = await online('fay');
    await online('gus');
    expect(await fay.waitFor(presenceOf(PEOPLE.gus))).toMatchObject({ status: 'ACTIVE' });
  });

  it('passes typing to the other participants only, with an expiry; stopped and disconnect end it', async () => {
    const stored = await logSizes(live);
    const ann = await viewerOf(live.db, PEOPLE.ann);
    const sent = await sendMessage(live.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'typing test',
      offline_threading_id: 'typing-1',
    });
    const threadId = sent.message.thread_id;
    const ben = await online('ben');
    const annTab = await online('ann');
    const annOtherTab = await online('ann');
    const dot = await online('dot');

    annTab.send({ type: 'typing', thread_id: threadId, state: 'typing' });
    const frame = await ben.waitFor(typingOf(threadId));
    expect(frame).toEqual({
      type: 'typing',
      thread_id: threadId,
      user_id: PEOPLE.ann,
      state: 'typing',
      expires_in_ms: 900,
    });
    // Shown until it expires (the client's side, from core).
    if (frame.type !== 'typing') throw new Error('not typing');
    const shownAt = Date.now();
    const shown = applyTypingFrame(noTypers, frame, shownAt);
    expect(typersIn(shown, threadId, shownAt)).toEqual([PEOPLE.ann]);
    expect(typersIn(shown, threadId, shownAt + 900)).toEqual([]);

    // A repeat right away adds nothing; stopped ends it.
    const mark = ben.frames.length;
    annTab.send({ type: 'typing', thread_id: threadId, state: 'typing' });
    annTab.send({ type: 'typing', thread_id: threadId, state: 'stopped' });
    const stopped = await ben.waitFor(typingOf(threadId), mark);
    expect(stopped).toMatchObject({ state: 'stopped', expires_in_ms: 0 });

    // A tab that goes away while typing stops.
    annTab.send({ type: 'typing', thread_id: threadId, state: 'typing' });
    const again = await ben.waitFor(
      (f) => typingOf(threadId)(f) && f.type === 'typing' && f.state === 'typing',
      ben.frames.length,
    );
    expect(again).toBeDefined();
    const before = ben.frames.length;
    await annTab.close();
    expect(await ben.waitFor(typingOf(threadId), before)).toMatchObject({ state: 'stopped' });

    await pause(100);
    expect(annOtherTab.frames.some(typingOf(threadId))).toBe(false);
    expect(dot.frames.some(typingOf(threadId))).toBe(false);
    expect(await logSizes(live)).toEqual(stored.map((n, i) => (i < 2 ? n + 2 : n)));
  });

  it('refuses typing in a thread one is not in', async () => {
    const ann = await viewerOf(live.db, PEOPLE.ann);
    const sent = await sendMessage(live.ctx, ann, {
      recipient_id: PEOPLE.dot,
      text: 'private',
      offline_threading_id: 'typing-2',
    });
    const cal = await online('cal');
    cal.send({ type: 'typing', thread_id: sent.message.thread_id, state: 'typing' });
    expect(await cal.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'not_participant' });
  });

  it("lets a page's admin type as the page", async () => {
    const cal = await viewerOf(live.db, PEOPLE.cal);
    const sent = await sendMessage(live.ctx, cal, {
      recipient_id: PAGE,
      text: 'anyone there?',
      offline_threading_id: 'typing-3',
    });
    const calSocket = await online('cal');
    const eve = await online('eve');
    eve.send({ type: 'typing', thread_id: sent.message.thread_id, state: 'typing' });
    expect(await calSocket.waitFor(typingOf(sent.message.thread_id))).toMatchObject({
      user_id: PAGE,
    });
  });

  it('keeps presence and typing from people blocked either way', async () => {
    const ann = await viewerOf(live.db, PEOPLE.ann);
    const sent = await sendMessage(live.ctx, ann, {
      recipient_id: PEOPLE.dot,
      text: 'before the block',
      offline_threading_id: 'typing-4',
    });
    await block(live.db, PEOPLE.dot, PEOPLE.ann);
    const dot = await online('dot');
    const annTab = await live.socket('ann');
    await annTab.hello(0);
    annTab.send({ type: 'typing', thread_id: sent.message.thread_id, state: 'typing' });
    await pause(300);
    expect(dot.frames.some(presenceOf(PEOPLE.ann))).toBe(false);
    expect(dot.frames.some(typingOf(sent.message.thread_id))).toBe(false);
  });
});
