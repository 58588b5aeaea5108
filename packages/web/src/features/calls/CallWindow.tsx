import { statusText } from '@messenger/core';
import { MicOff } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, ToggleButton } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { Face } from '../../ui/Face';
import { FullscreenToggle } from '../leave-page/FullscreenToggle';
import type { CallController, CallView } from './call-controller';
import { callsMessages as m } from './messages';
import { isolateIn } from '../../i18n/isolate';

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
              face={state.media.cameraOff ? { id: viewerId, name: viewerName, src: null } : null}
              micOff={state.media.muted}
            />
          ) : null}
          {[...view.remotes].map(([userId, stream]) => {
            const entry = state.participants[userId];
            const name = entry?.profile.userName ?? '';
            // What they told of their camera and microphone (call_media): their face while it is off.
            return (
              <VideoTile
                key={userId}
                stream={stream}
                label={name}
                muted={false}
                testId={`remote-${userId}`}
                face={
                  entry?.media?.cameraOff === true
                    ? { id: userId, name, src: entry.profile.profilePictureUrl }
                    : null
                }
                micOff={entry?.media?.muted === true}
              />
            );
          })}
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
  face = null,
  micOff = false,
}: {
  stream: MediaStream | null;
  label: string;
  /** The element plays no sound (one's own tile). */
  muted: boolean;
  testId: string;
  /** The person's face shown instead of the picture (their camera is off), else null. */
  face?: { id: string; name: string; src: string | null } | null;
  /** Their microphone is off: a marked tile, said to screen readers. */
  micOff?: boolean;
}): ReactNode {
  const intl = useIntl();
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
        hidden={face !== null}
      />
      {face === null ? null : (
        <div className="call-tile-avatar" data-testid={`${testId}-avatar`}>
          <Face id={face.id} name={face.name} src={face.src} size={64} />
        </div>
      )}
      <figcaption>
        <span dir="auto">{label}</span>
        {micOff ? (
          <span
            className="call-tile-mic-off"
            role="img"
            aria-label={intl.formatMessage(m.micOff, { name: isolateIn(intl, label) })}
            data-testid={`${testId}-mic-off`}
          >
            <MicOffIcon />
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** A microphone struck through (decorative: the mark's label says it). */
function MicOffIcon(): ReactNode {
  return <MicOff size={14} aria-hidden="true" focusable="false" />;
}
