import { graphql } from 'react-relay';

/**
 * Who a conversation shows: people by name and face (their presence comes
 * from the session's presence store, by id), pages by name. The thread rows
 * and the open conversation's header spread it with `@relay(mask: false)`,
 * since they read the fields as plain data.
 */
export const participantFieldsFragment = graphql`
  fragment personFields_participant on ThreadParticipantNode {
    __typename
    ... on MessagingUser {
      id
      name
      short_name
      profile_picture {
        uri
      }
    }
    ... on Page {
      id
      name
    }
  }
`;
