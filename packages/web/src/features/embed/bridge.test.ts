import { embedMessage } from '@messenger/core';
import { describe, expect, it } from 'vitest';
import { createEmbedBridge, embedFrameWidth, embedParentOrigin } from './bridge';

const HOST = 'https://social.example';

/** A frame's window: its own events, a parent that records what it is posted. */
function frameWindow(search = `?parent=${encodeURIComponent(HOST)}`, ancestors: string[] = [HOST]) {
  const posted: { message: unknown; target: string }[] = [];
  const parent = {
    postMessage: (message: unknown, target: string) => posted.push({ message, target }),
  };
  const events = new EventTarget();
  const win = Object.assign(events, {
    parent,
    location: {
      search,
      ancestorOrigins: { length: ancestors.length, item: (i: number) => ancestors[i] ?? null },
    },
  });
  return { win: win as unknown as Window, parent, posted };
}

const deliver = (win: Window, data: unknown, origin: string, source: unknown): void => {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  win.dispatchEvent(event);
};

describe('the embed’s bridge', () => {
  it('posts only to the parent origin, tagged', () => {
    const { win, posted } = frameWindow();
    createEmbedBridge(HOST, win).post({ type: 'unread', count: 2 });
    expect(posted).toEqual([{ message: embedMessage({ type: 'unread', count: 2 }), target: HOST }]);
  });

  it('hears the parent window at the parent origin only, and only the protocol', () => {
    const { win, parent } = frameWindow();
    const heard: unknown[] = [];
    const stop = createEmbedBridge(HOST, win).listen((command) => heard.push(command));
    const open = embedMessage({ type: 'open-conversation', person_id: '42' });
    deliver(win, open, 'https://evil.example', parent);
    deliver(win, open, HOST, {});
    deliver(win, { type: 'open-conversation', person_id: '42' }, HOST, parent);
    expect(heard).toEqual([]);
    deliver(win, open, HOST, parent);
    expect(heard).toEqual([open]);
    stop();
    deliver(win, open, HOST, parent);
    expect(heard).toHaveLength(1);
  });

  it('knows its parent from its address only when the browser’s ancestor agrees', () => {
    expect(embedParentOrigin(frameWindow().win)).toBe(HOST);
    expect(embedParentOrigin(frameWindow(undefined, ['https://evil.example']).win)).toBeNull();
    expect(embedParentOrigin(frameWindow('').win)).toBeNull();
    const { win } = frameWindow();
    Object.assign(win, { parent: win });
    expect(embedParentOrigin(win)).toBeNull();
  });

  it('asks for the sidebar’s width, and the dock’s beside it while tabs are open', () => {
    expect(embedFrameWidth([])).toBe(280);
    expect(embedFrameWidth([{ status: 'open' }])).toBe(280 + 16 + 300 + 16);
    expect(embedFrameWidth([{ status: 'open' }, { status: 'minimized' }])).toBe(
      280 + 16 + 300 + 220 + 8 + 16,
    );
  });
});
