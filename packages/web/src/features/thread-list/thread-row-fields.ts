import { graphql } from 'react-relay';

/**
 * What a conversation row shows (title, faces, last message, unread count,
 * mute and mention marks), the same for the viewer's lists, the page inbox
 * and the message requests. Spread with `@relay(mask: false)`: the lists sort
 * and count rows from these fields as plain data.
 */
export const threadRowFragment = graphql`
  fragment threadRowFields_thread on MessageThread {
    id
    thread_id
    folder
    unread_count
    muted_until
    mentions_unread
    last_activity_time
    group_name
    is_group_thread
    image_src
    custom_nickname
    participants_to_render {
      ...personFields_participant @relay(mask: false)
    }
    last_reaction {
      actor_id
      emoji
      message_sender_id
      at
    }
    messages(last: 1) {
      edges {
        node {
          id
          text
          sender_id
          seq_in_thread
          timestamp
          kind
          attachments {
            id
          }
        }
      }
    }
  }
`;
