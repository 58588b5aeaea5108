import type { GraphQLSchema } from 'graphql';
import { builder } from './graphql/builder';
// The composition root's job: graphql/ holds the builder and the transport,
// the features their parts, and this file joins them (app.ts serves it).
// Each feature registers its types and fields on the shared builder when imported.
import './features/social-graph/schema-nodes';
import './features/social-graph/schema-thread';
import './features/social-graph/schema-viewer';
import './features/social-graph/schema-sidebar';
import './features/messaging/schema';
import './features/messaging/schema-page-inbox';
import './features/reactions/schema';
import './features/message-edits/schema';
import './features/hidden-messages/schema';
import './features/conversation-settings/schema';
import './features/replies-mentions/schema';
import './features/search/schema-results';
import './features/search/schema';
import './features/search/schema-composite';
import './features/search/schema-typeahead';

/**
 * Built once, when this module loads, after every feature above registered its
 * part (Pothos refuses to build the same builder twice): a constant of the
 * code, not state of a runtime.
 */
const schema: GraphQLSchema = builder.toSchema({ sortSchema: true });

/** The whole schema. */
export function buildSchema(): GraphQLSchema {
  return schema;
}
