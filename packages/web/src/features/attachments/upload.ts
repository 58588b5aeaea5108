import { ATTACHMENT_TYPE_HEADER, type AttachmentMimeType } from '@messenger/core';
import { CSRF_HEADER } from '../../http/api';

/** Why an upload failed: the server's code (payload_too_large, unsupported_media_type…) or none. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`upload failed: ${code}`);
    this.name = 'UploadError';
  }
}

/**
 * POST /attachments with XMLHttpRequest rather than fetch: only its upload
 * events report progress. Resolves with the attachment id.
 */
export function uploadCiphertext(
  ciphertext: ArrayBuffer,
  mime: AttachmentMimeType,
  options: {
    csrfToken: string | null;
    onProgress: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/attachments');
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader(ATTACHMENT_TYPE_HEADER, mime);
    if (options.csrfToken !== null) xhr.setRequestHeader(CSRF_HEADER, options.csrfToken);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { id?: unknown; error?: { code?: unknown } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.id === 'string') {
        options.onProgress(1);
        resolve(body.id);
        return;
      }
      const code = typeof body?.error?.code === 'string' ? body.error.code : 'http_error';
      reject(new UploadError(xhr.status, code));
    };
    xhr.onerror = () => {
      reject(new UploadError(0, 'network'));
    };
    xhr.onabort = () => {
      reject(new UploadError(0, 'aborted'));
    };
    options.signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(ciphertext);
  });
}
