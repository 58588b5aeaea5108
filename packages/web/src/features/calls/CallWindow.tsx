import { statusText } from '@messenger/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, ToggleButton } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { initialsOf } from '../conversation/thread-people';
import { FullscreenToggle } from '../leave-page/FullscreenToggle';
import type { CallController, CallView } from './call-controller';
import { callsMessages as m } from './messages';

/**
 * The running (or just ended) call: tiles, status, mute, camera, fullscreen,
 * hang up. It is a column of its own at the right of the page (the page makes
 * room for it, calls.css), so it covers neither the composer nor Send; Minimize
 * folds the tiles away and narrows the column.
 */
export function CallWindow({
  controller,
  view,
  viewerId,
  viewerName = '',
}: {
  controller: CallController;
  view: CallView;
  viewerId: string;
  viewerName?: string;
}): ReactNode {
  const intl = useIntl();
  const [minimized, setMinimized] = useState(false);
  const state = view.state;
  if (state.status === 'idle') return null;
  const ended = state.status === 'ended';
  const remotes = Object.values(state.participants);
  return (
    <section
      className="call-window"
      aria-label={intl.formatMessage(m.callWindow)}
      data-call-status={state.status}
      data-minimized={minimized || undefined}
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
        <div className="call-tiles" hidden={minimized}>
          {state.kind === 'video' ? (
            <VideoTile
              stream={view.local}
              label={intl.formatMessage(m.you)}
              muted
              testId={`local-${viewerId}`}
              // The camera off shows who this is, not a black tile (issue 31).
              avatar={state.media.cameraOff ? initialsOf(viewerName) : null}
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
            <ToggleButton className="button" isSelected={minimized} onChange={setMinimized}>
              {intl.formatMessage(m.minimize)}
            </ToggleButton>
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
  avatar = null,
}: {
  stream: MediaStream | null;
  label: string;
  muted: boolean;
  testId: string;
  /** Initials shown instead of the picture (the camera is off), else null. */
  avatar?: string | null;
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
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        aria-label={label}
        hidden={avatar !== null}
      />
      {avatar === null ? null : (
        <div className="call-tile-avatar" data-testid={`${testId}-avatar`} aria-hidden="true">
          <span>{avatar}</span>
        </div>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
