/**
 * Uploaded encrypted images (migration 005-attachments). The row says who
 * uploaded the blob and, once a message carries it, which thread and message
 * it belongs to: only that thread's participants may fetch it. The key never
 * comes here; it lives in the message (messages.attachments).
 */
export interface AttachmentTable {
  /** Random digits; also the blob's name in the blob store. */
  id: string;
  uploader_id: string;
  /** The image type the sender declared (core ATTACHMENT_MIME_TYPES). */
  mime: string;
  /** Bytes of ciphertext stored. */
  byte_size: number;
  created_at: number;
  /** Null until a sent message binds it. */
  thread_id: string | null;
  message_id: string | null;
}

export interface AttachmentTables {
  attachments: AttachmentTable;
}
