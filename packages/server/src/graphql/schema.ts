import type { GraphQLSchema } from 'graphql';
import { builder } from './builder';
// Each feature registers its types and fields on the shared builder when imported.
import '../features/social-graph/schema-nodes';
import '../features/social-graph/schema-thread';
import '../features/social-graph/schema-viewer';
import '../features/social-graph/schema-sidebar';
import '../features/messaging/schema';
import '../features/messaging/schema-page-inbox';
import '../features/reactions/schema';
import '../features/message-edits/schema';
import '../features/hidden-messages/schema';
import '../features/conversation-settings/schema';
import '../features/replies-mentions/schema';
import '../features/search/schema-results';
import '../features/search/schema';
import '../features/search/schema-composite';
import '../features/search/schema-typeahead';

let schema: GraphQLSchema | undefined;

/** The whole schema, built once (Pothos refuses to build the same builder twice). */
export function buildSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
