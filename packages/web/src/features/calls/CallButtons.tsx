import type { CallKind } from '@messenger/core';
import { useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { GroupCallPicker, type CallPerson } from './GroupCallPicker';
import { useBlockedAmong } from './use-blocked';
import { callsMessages as m } from './messages';
import { useCallController, useCallView } from './use-calls';
import { peerOf } from './wire-events';
import './calls.css';

export interface CallButtonsProps {
  threadId: string;
  isGroup: boolean;
  title: string;
  /** The thread's other participants, in the thread's order. */
  others: readonly CallPerson[];
}

/**
 * The thread header's call buttons: voice and video for a one-to-one thread;
 * a group opens the group call picker; 'Join call' while a call runs there
 * without the viewer.
 */
export function CallButtons({ threadId, isGroup, title, others }: CallButtonsProps): ReactNode {
  const intl = useIntl();
  const controller = useCallController();
  const view = useCallView(controller);
  const [picking, setPicking] = useState(false);
  const running = controller.threadCall(threadId);
  const inThisCall = running !== null && view.call?.call_id === running.call_id && controller.busy;
  const peers = others.map((p) => peerOf({ user_id: p.id, name: p.shown }));
  const blocked = useBlockedAmong(
    others.map((p) => p.id),
    picking,
  );
  const call = (kind: CallKind) => {
    if (isGroup) setPicking(true);
    else void controller.start(threadId, kind, peers);
  };
  return (
    <div className="call-buttons">
      {running !== null && !inThisCall && !controller.busy ? (
        <Button
          className="button"
          onPress={() => {
            controller.join(running);
          }}
        >
          {intl.formatMessage(m.joinCall)}
        </Button>
      ) : null}
      {isGroup ? (
        <Button
          className="button"
          isDisabled={controller.busy && !inThisCall}
          onPress={() => {
            setPicking(true);
          }}
        >
          {intl.formatMessage(inThisCall ? m.addPeople : m.pickerTitle)}
        </Button>
      ) : (
        <>
          <Button
            className="button"
            isDisabled={controller.busy}
            onPress={() => {
              call('voice');
            }}
          >
            {intl.formatMessage(m.voiceCall)}
          </Button>
          <Button
            className="button"
            isDisabled={controller.busy}
            onPress={() => {
              call('video');
            }}
          >
            {intl.formatMessage(m.videoCall)}
          </Button>
        </>
      )}
      {isGroup ? (
        <GroupCallPicker
          isOpen={picking}
          onOpenChange={setPicking}
          title={title}
          isGroup={isGroup}
          people={others}
          call={running}
          blockedIds={blocked}
          onCall={(kind, chosen) => {
            setPicking(false);
            const picked = peers.filter((p) => chosen.includes(p.id));
            // The picker showed the blocked note for them: they are rung knowingly.
            const ringBlocked = chosen.some((id) => blocked.has(id));
            if (inThisCall) void controller.invite(picked, ringBlocked);
            else void controller.start(threadId, kind, picked, { userIds: chosen, ringBlocked });
          }}
        />
      ) : null}
    </div>
  );
}
