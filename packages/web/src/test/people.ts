/** A friend as the server's person search nodes give one (the fields core's entriesFromEdges reads). */
export const personNode = (id: string, name: string) => ({
  __typename: 'User',
  id,
  name,
  url: null,
  is_messenger_user: true,
  is_memorialized: false,
  friendship_status: 'friend',
  alias: null,
  search_tokens: [],
  profile_picture: null,
});
