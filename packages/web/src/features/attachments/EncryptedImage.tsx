import { attachmentPath, ImageSizeCache, type AttachmentRef } from '@messenger/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { decryptImage } from './crypto';
import { attachmentMessages } from './messages';
import './attachments.css';

/** The largest box an image is shown in; larger images are scaled down to fit. */
const MAX_SIDE = 320;

/**
 * Sizes of images already shown (seed section 3: 50 entries, 10-minute
 * expiry): a row mounted again (the history is virtualized) gets the size of
 * the image it showed, and the layout does not jump.
 */
export const imageSizes = new ImageSizeCache({ now: () => Date.now() });

/** Decrypted images as object URLs, by attachment id; the oldest are released beyond 50. */
const decrypted = new Map<string, Promise<string>>();
const DECRYPTED_MAX = 50;

export type FetchCiphertext = (path: string) => Promise<ArrayBuffer>;

const fetchCiphertext: FetchCiphertext = async (path) => {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
  return response.arrayBuffer();
};

function decryptedUrl(ref: ImageRef, fetchBlob: FetchCiphertext): Promise<string> {
  let url = decrypted.get(ref.id);
  if (url === undefined) {
    url = fetchBlob(attachmentPath(ref.id))
      .then((cipher) => decryptImage(cipher, ref.key, ref.iv))
      .then((plain) => URL.createObjectURL(new Blob([plain], { type: ref.mime })));
    // A failure is not kept: a later mount may try again.
    url.catch(() => decrypted.delete(ref.id));
    decrypted.set(ref.id, url);
    for (const [id, oldest] of decrypted) {
      if (decrypted.size <= DECRYPTED_MAX) break;
      decrypted.delete(id);
      void oldest.then(
        (stale) => {
          URL.revokeObjectURL(stale);
        },
        () => undefined,
      );
    }
  }
  return url;
}

/** Scaled to fit the box, never up. */
export function displaySize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_SIDE / width, MAX_SIDE / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** As the history reads it: the type is whatever the server stored (checked by core on send). */
export type ImageRef = Pick<AttachmentRef, 'id' | 'key' | 'iv' | 'width' | 'height'> & {
  readonly mime: string;
};

type View = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * One encrypted image of a message: fetched as an array buffer, decrypted in
 * the browser, shown at the size sent with the message. A blob that cannot
 * be fetched, decrypted or decoded leaves a quiet placeholder (seed section
 * 8: the failure is ignored), never an error.
 */
export function EncryptedImage({
  image,
  fetchBlob = fetchCiphertext,
}: {
  image: ImageRef;
  fetchBlob?: FetchCiphertext;
}): ReactNode {
  const intl = useIntl();
  const [view, setView] = useState<View>({ status: 'loading' });
  const src = attachmentPath(image.id);
  const known = imageSizes.get(src) ?? imageSizes.set(src, image);
  const size = displaySize(known.width, known.height);

  useEffect(() => {
    let live = true;
    decryptedUrl(image, fetchBlob).then(
      (url) => {
        if (live) setView({ status: 'ready', url });
      },
      () => {
        if (live) setView({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [image, fetchBlob]);

  if (view.status === 'ready') {
    return (
      <img
        className="message-image"
        src={view.url}
        alt={intl.formatMessage(attachmentMessages.image)}
        width={size.width}
        height={size.height}
        data-attachment-id={image.id}
        onLoad={(event) => {
          const img = event.currentTarget;
          imageSizes.set(src, { width: img.naturalWidth, height: img.naturalHeight });
        }}
        onError={() => {
          // Decrypted, yet not an image the browser can decode: the same quiet placeholder.
          setView({ status: 'failed' });
        }}
      />
    );
  }
  const failed = view.status === 'failed';
  return (
    <span
      role="img"
      aria-label={intl.formatMessage(
        failed ? attachmentMessages.unavailable : attachmentMessages.image,
      )}
      aria-busy={failed ? undefined : true}
      className="message-image message-image-placeholder"
      data-state={view.status}
      data-attachment-id={image.id}
      style={{ width: size.width, height: size.height }}
    >
      {failed ? intl.formatMessage(attachmentMessages.unavailable) : null}
    </span>
  );
}
