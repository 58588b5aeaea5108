import { useEffect, type DragEvent } from 'react';
import { filesOf } from '../attachments/composer-attachments';

/**
 * Image files dropped on a conversation's history join its composer's
 * attachments, as if dropped on the composer (issue 33, item 9). The composer
 * owns the upload; it registers where drops of its thread go.
 */
const takers = new Map<string, (files: File[]) => void>();

/** The composer of `threadId` takes files dropped on its conversation. */
export function useHistoryDropTarget(threadId: string, take: (files: File[]) => void): void {
  useEffect(() => {
    takers.set(threadId, take);
    return () => {
      if (takers.get(threadId) === take) takers.delete(threadId);
    };
  }, [threadId, take]);
}

/** Drag handlers for the history of `threadId`. */
export function historyDropHandlers(threadId: string): {
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
} {
  return {
    onDragOver: (event) => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault();
    },
    onDrop: (event) => {
      const files = filesOf(event.dataTransfer);
      const take = takers.get(threadId);
      if (files.length === 0 || take === undefined) return;
      event.preventDefault();
      take(files);
    },
  };
}
