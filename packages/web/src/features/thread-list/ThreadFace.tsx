import type { ReactNode } from 'react';
import { Face } from '../../ui/Face';

export interface ThreadFaceData {
  readonly thread_id: string;
  readonly is_group_thread: boolean;
  readonly image_src: string | null | undefined;
  readonly participants_to_render: ReadonlyArray<{
    readonly id?: string;
    readonly name?: string;
    readonly profile_picture?: { readonly uri: string } | null | undefined;
  }>;
}

/**
 * A conversation's face: a group's picture (or its generated face from its
 * title), the other person's face in a one-to-one thread.
 */
export function ThreadFace({
  thread,
  viewerId,
  title,
  size = 40,
}: {
  thread: ThreadFaceData;
  viewerId: string;
  title: string;
  size?: number;
}): ReactNode {
  if (!thread.is_group_thread) {
    const other = thread.participants_to_render.find(
      (p) => p.id !== undefined && p.id !== viewerId,
    );
    if (other?.id !== undefined) {
      return (
        <Face
          id={other.id}
          name={other.name ?? title}
          src={other.profile_picture?.uri ?? null}
          size={size}
          className="thread-row-face"
        />
      );
    }
  }
  return (
    <Face
      id={thread.thread_id}
      name={title}
      src={thread.image_src}
      size={size}
      className="thread-row-face"
    />
  );
}
