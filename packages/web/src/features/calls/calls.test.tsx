import type { WireCall, WireCallParticipant } from '@messenger/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { GroupCallPicker } from './GroupCallPicker';
import { joinedDevices, remoteEvents } from './wire-events';

const person = (
  user_id: string,
  state: WireCallParticipant['state'],
  device_id: string | null = null,
) => ({
  user_id,
  name: `P${user_id}`,
  state,
  device_id,
});

function call(participants: WireCallParticipant[]): WireCall {
  return {
    call_id: '1',
    thread_id: '2',
    kind: 'video',
    initiator_id: '10',
    status: 'active',
    started_at: 0,
    connected_at: null,
    ended_at: null,
    max_participants: 6,
    ring_timeout_ms: 45_000,
    participants,
  };
}

describe('server call views as call reducer events', () => {
  it('turns each changed remote state into its event, and a timed-out ring into one ring_timeout', () => {
    const before = call([
      person('10', 'connected', 'a'),
      person('11', 'ringing'),
      person('12', 'ringing'),
      person('13', 'ringing'),
    ]);
    const after = call([
      person('10', 'connected', 'a'),
      person('11', 'connected', 'b'),
      person('12', 'rejected'),
      person('13', 'no_answer'),
    ]);
    expect(remoteEvents(before, after, '10', 5).map((e) => e.type)).toEqual([
      'remote_joined',
      'remote_rejected',
      'ring_timeout',
    ]);
    expect(remoteEvents(after, after, '10', 6)).toEqual([]);
    expect(joinedDevices(after, '10')).toEqual([{ userId: '11', device: 'b' }]);
  });

  it('a participant who leaves, or drops, is remote_left', () => {
    const before = call([
      person('10', 'connected', 'a'),
      person('11', 'connected', 'b'),
      person('12', 'connected', 'c'),
    ]);
    const after = call([
      person('10', 'connected', 'a'),
      person('11', 'disconnected'),
      person('12', 'connection_dropped'),
    ]);
    expect(remoteEvents(before, after, '10', 1)).toEqual([
      { type: 'remote_left', participantId: '11', dropped: false, at: 1 },
      { type: 'remote_left', participantId: '12', dropped: true, at: 1 },
    ]);
  });
});

describe('group call picker (seed 2)', () => {
  const people = [
    { id: '11', shown: 'Ann' },
    { id: '12', shown: 'Ben' },
    { id: '13', shown: 'Cat' },
  ];

  it("shows 'In Call' on rows in a call, which cannot be picked, and rings the others", async () => {
    const onCall = vi.fn();
    renderWithIntl(
      <GroupCallPicker
        isOpen
        onOpenChange={() => undefined}
        title="Friends"
        isGroup
        people={people}
        call={call([
          person('10', 'connected', 'a'),
          person('11', 'ringing'),
          person('12', 'no_answer'),
        ])}
        onCall={onCall}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Group call' });
    const ann = within(dialog).getByRole('option', { name: /Ann/ });
    expect(ann.textContent).toContain('In Call');
    expect(ann.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(ann);
    expect(ann.getAttribute('aria-selected')).not.toBe('true');
    expect(within(dialog).getByRole('option', { name: /Ben/ }).textContent).toContain('No Answer');
    expect(dialog.textContent).toContain(
      'People you add to this group video will see previous messages in this conversation.',
    );
    expect(dialog.textContent).not.toContain("You are about to ring people you've blocked.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Video call' }));
    expect(onCall).toHaveBeenCalledWith('video', ['12', '13']);
  });

  it('warns before ringing someone the viewer blocked', () => {
    renderWithIntl(
      <GroupCallPicker
        isOpen
        onOpenChange={() => undefined}
        title="Friends"
        isGroup
        people={people}
        call={null}
        blockedIds={new Set(['13'])}
        onCall={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog').textContent).toContain(
      "You are about to ring people you've blocked.",
    );
  });
});
