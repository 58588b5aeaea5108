import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createRuntime, type Runtime, type RuntimeOverrides } from '../../src/runtime';
import type { Db } from '../../src/storage/db';

/**
 * A runtime as main.ts makes one (createRuntime), over a test's database,
 * silent, with the settings given; the caller closes it (`runtime.close()`).
 */
export function createTestRuntime(
  db: Db,
  env: Record<string, string> = {},
  overrides: Omit<RuntimeOverrides, 'db'> = {},
): Promise<Runtime> {
  return createRuntime(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), {
    logger: createLogger('silent'),
    ...overrides,
    db,
  });
}

/** An app over its own runtime; closing it closes both (the app first, as main.ts does). */
export interface RuntimeApp {
  app: FastifyInstance;
  runtime: Runtime;
  close(): Promise<void>;
}

export async function createRuntimeApp(
  db: Db,
  env: Record<string, string> = {},
  overrides: Omit<RuntimeOverrides, 'db'> = {},
): Promise<RuntimeApp> {
  const runtime = await createTestRuntime(db, env, overrides);
  const app = await buildApp(runtime);
  return {
    app,
    runtime,
    close: async () => {
      await app.close();
      await runtime.close();
    },
  };
}
