import { graphql } from 'react-relay';

/**
 * What a message row needs (text, sender, order, time, images, the quoted
 * original, mentions), the same for the history and for the sender's own
 * stored message (outbox/send-message.ts), which goes into the store as the
 * sync socket's echo would. Spread with `@relay(mask: false)`: both read the
 * fields as plain data.
 */
export const messageRowFragment = graphql`
  fragment messageFields_message on Message {
    id
    text
    sender_id
    seq_in_thread
    timestamp
    kind
    offline_threading_id
    attachments {
      ...messageFields_image @relay(mask: false)
    }
    reply_to {
      message_id
      sender_id
      text
      available
      image {
        ...messageFields_image @relay(mask: false)
      }
    }
    mentions {
      offset
      length
      person_id
    }
  }
`;

/** An encrypted image's reference: what the browser needs to fetch and decrypt it. */
export const messageImageFragment = graphql`
  fragment messageFields_image on MessageAttachment {
    id
    key
    iv
    mime
    width
    height
  }
`;
