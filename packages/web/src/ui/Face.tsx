import { avatarColour, avatarInitials } from '@messenger/core';
import { useState, type CSSProperties, type ReactNode } from 'react';
import './face.css';

export interface FaceProps {
  /** The person's, page's or group's id: it chooses the generated avatar's colour. */
  id: string;
  /** Their name as shown beside the face: its initials make the generated avatar. */
  name: string;
  /** Their picture (network file `picture` / `image_src`), or null for a generated avatar. */
  src: string | null | undefined;
  /** Diameter in CSS pixels. */
  size?: number;
  className?: string;
}

/**
 * A face: the picture when there is one (and it loads), else the initials on
 * the id's colour (core avatarColour, white text at 4.5:1 or more). Always
 * decorative: the name is written next to it, so screen readers skip it.
 */
export function Face({ id, name, src, size = 32, className }: FaceProps): ReactNode {
  const [failed, setFailed] = useState<string | null>(null);
  const style = {
    '--face-size': `${String(size)}px`,
    background: avatarColour(id),
  } as CSSProperties;
  const picture = src !== null && src !== undefined && src !== '' && failed !== src ? src : null;
  return (
    <span
      className={className === undefined ? 'face' : `face ${className}`}
      style={style}
      aria-hidden="true"
      data-face={picture === null ? 'generated' : 'picture'}
      title={name}
    >
      {picture === null ? (
        // Drawn by CSS from the attribute: the initials are no text of the row they sit in.
        <span className="face-initials" data-initials={avatarInitials(name)} />
      ) : (
        <img
          src={picture}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => {
            // A broken or removed picture: the generated avatar instead of a broken image.
            setFailed(picture);
          }}
        />
      )}
    </span>
  );
}
