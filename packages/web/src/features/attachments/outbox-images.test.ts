import { describe, expect, it } from 'vitest';
import { initialOutboxState, reduceOutbox } from '../outbox/outbox-reducer';
import { parseStoredOutbox } from '../outbox/outbox-storage';

const image = {
  id: '123456',
  key: 'AAAAAAAAAAAAAAAAAAAAAA==',
  iv: 'AAAAAAAAAAAAAAAA',
  mime: 'image/png' as const,
  width: 4,
  height: 3,
};

describe('messages with images in the outbox', () => {
  it('sends the images with the message they were queued with', () => {
    const message = { id: 'm1', threadId: '31', text: '', attachments: [image] };
    const online = reduceOutbox(initialOutboxState(), { type: 'connectivity', online: true });
    const { commands } = reduceOutbox(online.state, { type: 'enqueued', message });
    expect(commands).toContainEqual({ type: 'send', message });
  });

  it('keeps valid images across a reload and drops malformed ones', () => {
    const stored = JSON.stringify([
      { id: 'm1', threadId: '31', text: 'a', status: 'queued', attachments: [image] },
      { id: 'm2', threadId: '31', text: 'b', status: 'queued', attachments: [{ id: 'x' }] },
    ]);
    expect(parseStoredOutbox(stored)).toEqual([
      { id: 'm1', threadId: '31', text: 'a', status: 'queued', attachments: [image] },
      { id: 'm2', threadId: '31', text: 'b', status: 'queued' },
    ]);
  });
});
