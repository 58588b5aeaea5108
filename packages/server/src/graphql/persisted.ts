import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { serverPackageDir } from '../package-dir';

/** The default map: packages/server/persisted-operations.json, written by the web build. */
export const DEFAULT_PERSISTED_OPERATIONS = join(serverPackageDir(), 'persisted-operations.json');

/** `{ "<operation id>": "<GraphQL document>" }`, as Relay's compiler persists them. */
const mapSchema = z.record(z.string().min(1).max(200), z.string().min(1));

export class PersistedOperationsError extends Error {
  override name = 'PersistedOperationsError';
}

/**
 * Loads the persisted operation map. A missing file is an empty map (nothing
 * runs in production until the web build writes it); a malformed one stops
 * the start-up with the file named.
 */
export function loadPersistedOperations(path: string): Map<string, string> {
  if (!existsSync(path)) return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new PersistedOperationsError(`${path} is not JSON: ${String(error)}`);
  }
  const result = mapSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new PersistedOperationsError(
      `${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`,
    );
  }
  return new Map(Object.entries(result.data));
}

/** The file named by PERSISTED_OPERATIONS, else the default beside the server package. */
export function persistedOperationsPath(env: Readonly<Record<string, string | undefined>>): string {
  const fromEnv = env.PERSISTED_OPERATIONS;
  return fromEnv !== undefined && fromEnv !== '' ? resolve(fromEnv) : DEFAULT_PERSISTED_OPERATIONS;
}

/**
 * Where a client puts the operation id: Relay's `doc_id` or `id`, the GraphQL
 * over HTTP `documentId`, or Apollo's `extensions.persistedQuery.sha256Hash`.
 */
export function extractOperationId(params: object): string | null {
  const fields = params as Record<string, unknown>;
  for (const key of ['documentId', 'doc_id', 'id']) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  const extensions = fields.extensions as Record<string, unknown> | null | undefined;
  const persisted = extensions?.persistedQuery as { sha256Hash?: unknown } | null | undefined;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : null;
}
