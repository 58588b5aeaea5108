import { graphql } from 'react-relay';

/**
 * A person's (or page's) one-to-one thread with the viewer, null before the
 * first message: read by a person tab's header (to show and remember the
 * thread) and its body (to offer the first message).
 */
export const personThreadQuery = graphql`
  query PersonThreadQuery($personId: ID!) {
    direct_thread(user_id: $personId) {
      thread {
        id
        ...ChatTabHeader_thread
      }
    }
  }
`;
