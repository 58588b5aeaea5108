import type { DialectMigration } from './dialect-migration';

/**
 * Every migration in order. Names sort in the order they run; a feature adds
 * its own file and one line here.
 */
export const migrations: Record<string, DialectMigration> = {};
