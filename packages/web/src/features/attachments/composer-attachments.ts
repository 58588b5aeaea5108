import {
  isErrorCode,
  type ErrorCode,
  ATTACHMENT_LIMITS,
  isAttachmentMimeType,
  type AttachmentMimeType,
  type AttachmentRef,
  type MessageDescriptor,
} from '@messenger/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { encryptImage } from './crypto';
import { attachmentMessages } from './messages';
import { UploadError, uploadCiphertext } from './upload';

/** One image in the composer, from the moment it is picked until the message is sent. */
export type ComposerImage = {
  localId: string;
  name: string;
  /** A local object URL of the picked file (never the upload). */
  preview: string;
} & (
  | { status: 'uploading'; progress: number }
  | { status: 'ready'; ref: AttachmentRef }
  | { status: 'failed'; error: MessageDescriptor; values: Record<string, string | number> }
);

export interface ComposerAttachments {
  images: readonly ComposerImage[];
  /** Pasted, dropped or picked files: images are encrypted and uploaded at once; others refused. */
  add: (files: readonly File[]) => void;
  remove: (localId: string) => void;
  /** After a send: forgets every image (their uploads now belong to the message). */
  clear: () => void;
  /** The uploaded images, in the order picked. */
  ready: AttachmentRef[];
  uploading: boolean;
}

/** The GCM tag the ciphertext adds to the image. */
const TAG_BYTES = 16;
const MAX_MB = Math.floor(ATTACHMENT_LIMITS.maxBytes / (1024 * 1024));

async function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** The server's refusal codes (and the client's own checks) a person is told in words. */
const REFUSALS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  payload_too_large: attachmentMessages.tooLarge,
  unsupported_media_type: attachmentMessages.wrongType,
  upload_quota_exceeded: attachmentMessages.quotaReached,
};

function refusal(code: string, name: string): ComposerImage & { status: 'failed' } {
  const error = (isErrorCode(code) ? REFUSALS[code] : undefined) ?? attachmentMessages.failed;
  return {
    localId: '',
    name,
    preview: '',
    status: 'failed',
    error,
    values: { name, max: MAX_MB },
  };
}

/**
 * The composer's images: each is checked (type, size), measured (its width
 * and height go with the message so the layout does not jump), encrypted
 * with a fresh key and uploaded with progress. Only ciphertext leaves the
 * browser.
 */
export function useComposerAttachments(csrfToken: () => string | null): ComposerAttachments {
  const [images, setImages] = useState<ComposerImage[]>([]);
  const aborts = useRef(new Map<string, AbortController>());
  const counter = useRef(0);
  // How many images the message holds already, for the per-message limit when more come.
  const held = useRef(0);
  useEffect(() => {
    held.current = images.filter((image) => image.status !== 'failed').length;
  }, [images]);

  const update = useCallback((localId: string, change: (image: ComposerImage) => ComposerImage) => {
    setImages((current) =>
      current.map((image) => (image.localId === localId ? change(image) : image)),
    );
  }, []);

  const start = useCallback(
    async (localId: string, file: File, mime: AttachmentMimeType) => {
      const fail = (code: string) => {
        const failed = refusal(code, file.name);
        update(localId, (image) => ({ ...failed, localId, preview: image.preview }));
      };
      if (file.size + TAG_BYTES > ATTACHMENT_LIMITS.maxBytes) {
        fail('payload_too_large');
        return;
      }
      const controller = new AbortController();
      aborts.current.set(localId, controller);
      try {
        const size = await imageSize(file);
        const sealed = await encryptImage(await file.arrayBuffer());
        const id = await uploadCiphertext(sealed.ciphertext, mime, {
          csrfToken: csrfToken(),
          signal: controller.signal,
          onProgress: (progress) => {
            update(localId, (image) =>
              image.status === 'uploading' ? { ...image, progress } : image,
            );
          },
        });
        update(localId, (image) => ({
          localId,
          name: image.name,
          preview: image.preview,
          status: 'ready',
          ref: { id, key: sealed.key, iv: sealed.iv, mime, ...size },
        }));
      } catch (error) {
        if (controller.signal.aborted) return;
        // A file the browser cannot decode as an image is refused like a wrong type.
        fail(error instanceof UploadError ? error.code : 'unsupported_media_type');
      } finally {
        aborts.current.delete(localId);
      }
    },
    [csrfToken, update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const added: ComposerImage[] = [];
      const starts: (() => void)[] = [];
      for (const file of files) {
        counter.current += 1;
        const localId = `image-${String(counter.current)}`;
        const mime = file.type.toLowerCase();
        if (held.current >= ATTACHMENT_LIMITS.perMessage) {
          added.push({
            localId,
            name: file.name,
            preview: '',
            status: 'failed',
            error: attachmentMessages.tooMany,
            values: { max: ATTACHMENT_LIMITS.perMessage },
          });
          continue;
        }
        if (!isAttachmentMimeType(mime)) {
          added.push({ ...refusal('unsupported_media_type', file.name), localId });
          continue;
        }
        added.push({
          localId,
          name: file.name,
          preview: URL.createObjectURL(file),
          status: 'uploading',
          progress: 0,
        });
        held.current += 1;
        starts.push(() => void start(localId, file, mime));
      }
      setImages((current) => [...current, ...added]);
      for (const run of starts) run();
    },
    [start],
  );

  const remove = useCallback((localId: string) => {
    aborts.current.get(localId)?.abort();
    setImages((current) =>
      current.filter((image) => {
        if (image.localId !== localId) return true;
        if (image.preview !== '') URL.revokeObjectURL(image.preview);
        return false;
      }),
    );
  }, []);

  const clear = useCallback(() => {
    setImages((current) => {
      for (const image of current) if (image.preview !== '') URL.revokeObjectURL(image.preview);
      return [];
    });
  }, []);

  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
    };
  }, []);

  const ready = images.flatMap((image) => (image.status === 'ready' ? [image.ref] : []));
  return {
    images,
    add,
    remove,
    clear,
    ready,
    uploading: images.some((image) => image.status === 'uploading'),
  };
}

/** Files among pasted or dropped data (a text paste has none and stays with the text field). */
export function filesOf(data: DataTransfer | null): File[] {
  return data === null ? [] : Array.from(data.files);
}
