import { statusText } from '@messenger/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, ToggleButton } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { FullscreenToggle } from '../leave-page/FullscreenToggle';
import type { CallController, CallView } from './call-controller';
import { callsMessages as m } from './messages';

/** The running (or just ended) call: tiles, status, mute, camera, fullscreen, hang up. */
export function CallWindow({
  controller,
  view,
  viewerId,
}: {
  controller: CallController;
  view: CallView;
  viewerId: string;
}): ReactNode {
  const intl = useIntl();
  const state = view.state;
  if (state.status === 'idle') return null;
  const ended = state.status === 'ended';
  const remotes = Object.values(state.participants);
  return (
    <section
      className="call-window"
      aria-label={intl.formatMessage(m.callWindow)}
      data-call-status={state.status}
    >
      <p className="call-status" role="status">
        {intl.formatMessage(statusText(state))}
      </p>
      <ul className="call-participants">
        {remotes.map((p) => (
          <li key={p.id} className="call-participant" data-participant-state={p.state}>
            <span className="call-participant-name" dir="auto">
              {p.profile.userName}
            </span>{' '}
            <span className="call-participant-status">
              {intl.formatMessage(statusText(p.state))}
            </span>
          </li>
        ))}
      </ul>
      {ended ? null : (
        <div className="call-tiles">
          {state.kind === 'video' ? (
            <VideoTile
              stream={view.local}
              label={intl.formatMessage(m.you)}
              muted
              testId={`local-${viewerId}`}
            />
          ) : null}
          {[...view.remotes].map(([userId, stream]) => (
            <VideoTile
              key={userId}
              stream={stream}
              label={state.participants[userId]?.profile.userName ?? ''}
              muted={false}
              testId={`remote-${userId}`}
            />
          ))}
        </div>
      )}
      <div className="call-controls">
        {ended ? (
          <Button
            className="button"
            onPress={() => {
              controller.dismiss();
            }}
          >
            {intl.formatMessage(m.close)}
          </Button>
        ) : (
          <>
            <ToggleButton
              className="button"
              isSelected={state.media.muted}
              onChange={(muted) => {
                controller.setMedia({ muted });
              }}
            >
              {intl.formatMessage(m.mute)}
            </ToggleButton>
            {state.kind === 'video' ? (
              <ToggleButton
                className="button"
                isSelected={state.media.cameraOff}
                onChange={(cameraOff) => {
                  controller.setMedia({ cameraOff });
                }}
              >
                {intl.formatMessage(m.cameraOff)}
              </ToggleButton>
            ) : null}
            <FullscreenToggle />
            <Button
              className="button call-hang-up"
              onPress={() => {
                controller.hangUp();
              }}
            >
              {intl.formatMessage(m.hangUp)}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function VideoTile({
  stream,
  label,
  muted,
  testId,
}: {
  stream: MediaStream | null;
  label: string;
  muted: boolean;
  testId: string;
}): ReactNode {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video === null || video.srcObject === stream) return;
    video.srcObject = stream;
    // Autoplay may be refused (no gesture yet): the tile then stays still, the call goes on.
    video.play().catch(() => undefined);
  }, [stream]);
  return (
    <figure className="call-tile" data-testid={testId}>
      <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}
