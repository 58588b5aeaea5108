import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { ErrorCode } from '@messenger/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import { createGraphQLError, createYoga, maskError } from 'graphql-yoga';
import type { AppContext, PresenceStore } from '../context';
import { AppError } from '../errors';
import { createGraphQLContext, type GraphQLContext } from './context';
import { badInputPlugin, variableError } from './bad-input';
import { appErrorToGraphQL } from './errors';
import { extractOperationId, loadPersistedOperations, persistedOperationsPath } from './persisted';
import { queryLimitsPlugin } from './query-limits';

export const GRAPHQL_PATH = '/graphql';

export interface GraphQLPluginOptions {
  ctx: AppContext;
  presence: PresenceStore;
  /**
   * The whole schema, assembled from the features' parts by the composition
   * root (schema.ts), so that graphql/ never imports a feature.
   */
  schema: GraphQLSchema;
  /** Persisted operations by id; defaults to the file of PERSISTED_OPERATIONS. */
  persistedOperations?: ReadonlyMap<string, string>;
}

/**
 * Development's GraphiQL page (Yoga) loads its editor from unpkg and boots it with an
 * inline script; it gets this policy instead of the page's
 * (features/security/headers.ts) (production has no GraphiQL).
 */
export const GRAPHIQL_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-inline'", 'https://unpkg.com'],
  'style-src': ["'self'", "'unsafe-inline'", 'https://unpkg.com'],
  'font-src': ["'self'", 'data:', 'https://unpkg.com'],
  'img-src': ["'self'", 'data:', 'https://unpkg.com'],
  'worker-src': ["'self'", 'blob:', 'https://unpkg.com'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

const persistedError = (code: ErrorCode, message: string) => () =>
  createGraphQLError(message, { extensions: { code, http: { status: 400 } } });

/**
 * Serves the schema at /graphql for GET and POST through GraphQL Yoga
 * (Yoga's Fastify integration). Sessions and CSRF come from the accounts
 * hooks that run on every route before this handler.
 */
export function registerGraphQL(app: FastifyInstance, options: GraphQLPluginOptions): void {
  const { ctx, presence, schema } = options;
  const persisted =
    options.persistedOperations ?? loadPersistedOperations(persistedOperationsPath(process.env));

  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    logging: {
      debug: (...args: unknown[]) => {
        ctx.logger.debug({ args }, 'graphql');
      },
      info: (...args: unknown[]) => {
        ctx.logger.info({ args }, 'graphql');
      },
      warn: (...args: unknown[]) => {
        ctx.logger.warn({ args }, 'graphql');
      },
      error: (...args: unknown[]) => {
        ctx.logger.error({ args }, 'graphql');
      },
    },
    // GraphiQL only while developing; production runs persisted operations only.
    graphiql: !ctx.config.production,
    landingPage: false,
    // Yoga's default CORS echoes any Origin with credentials; the app's one policy (security/cors) applies instead.
    cors: false,
    maskedErrors: {
      maskError: (error, message, isDev) => {
        // Compared by shape: graphql's ESM and CommonJS builds may both be loaded (one per realm).
        const original = (error as { originalError?: unknown } | null)?.originalError ?? error;
        if (original instanceof AppError) return appErrorToGraphQL(original);
        const variable = variableError(error as GraphQLError);
        if (variable !== null) return variable;
        return maskError(error, message, isDev);
      },
    },
    context: ({ req }) => createGraphQLContext(ctx, presence, req),
    plugins: [
      usePersistedOperations({
        allowArbitraryOperations: !ctx.config.production,
        extractPersistedOperationId: (params) => extractOperationId(params),
        getPersistedOperation: (key) => persisted.get(key) ?? null,
        customErrors: {
          persistedQueryOnly: persistedError(
            'persisted_query_only',
            'Only persisted operations run on this server.',
          ),
          notFound: persistedError(
            'persisted_query_not_found',
            'No persisted operation has this id.',
          ),
          keyNotFound: persistedError(
            ctx.config.production ? 'persisted_query_only' : 'bad_request',
            ctx.config.production
              ? 'Only persisted operations run on this server: send their id.'
              : 'Send a query or a persisted operation id.',
          ),
        },
      }),
      queryLimitsPlugin({
        maxDepth: ctx.config.graphqlMaxDepth,
        maxCost: ctx.config.graphqlMaxCost,
      }),
      badInputPlugin,
    ],
    extraParamNames: ['documentId', 'doc_id', 'id'],
  });

  app.route({
    url: GRAPHQL_PATH,
    // No OPTIONS: preflights are the CORS plugin's (a listed origin's answered, others not).
    method: ['GET', 'POST'],
    // Development's GraphiQL page needs its own CSP (its editor comes from unpkg).
    ...(ctx.config.production
      ? {}
      : { helmet: { contentSecurityPolicy: { useDefaults: false, directives: GRAPHIQL_CSP } } }),
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        void reply.header(key, value);
      });
      void reply.status(response.status);
      return reply.send(response.body);
    },
  });
}
