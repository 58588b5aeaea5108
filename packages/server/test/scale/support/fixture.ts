import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../../../src/storage/db';
import { TEST_DATABASE_URL } from '../../support/test-db';

/**
 * A handcrafted network of five people who are all friends of each other,
 * with ids and names of its own (nothing from the example network).
 */
export const CREW = {
  rin: '730001',
  sol: '730002',
  tam: '730003',
  uma: '730004',
  vic: '730005',
} as const;
export type CrewName = keyof typeof CREW;

export const CREW_PASSWORD = 'scale-test-password-1';
export const crewUsername = (name: CrewName): string => `${name}.scale`;

function crewNetwork(): unknown {
  const names = Object.keys(CREW) as CrewName[];
  const friendships: [string, string][] = [];
  for (let i = 0; i < names.length; i += 1) {
    for (let j = i + 1; j < names.length; j += 1) {
      friendships.push([CREW[names[i] as CrewName], CREW[names[j] as CrewName]]);
    }
  }
  return {
    format: 'messenger-network/1',
    people: names.map((name) => ({
      id: CREW[name],
      name: `${name.toUpperCase()} Scaler`,
      short_name: name.toUpperCase(),
      username: crewUsername(name),
      password: CREW_PASSWORD,
      account: 'personal',
    })),
    friendships,
  };
}

/** Where a test cluster keeps its data: the env its processes get, and a direct handle for checks. */
export interface Storage {
  kind: 'sqlite' | 'postgres';
  env: Record<string, string>;
  /** The network file, written into a temp folder. */
  networkFile: string;
  /** Opens the same database directly (checks read what was really stored). */
  open(): Db;
  dispose(): Promise<void>;
}

/** A temp folder with the network file; for SQLite also the DATA_DIR. */
function tempFolder(): { dir: string; networkFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'messenger-scale-'));
  const networkFile = join(dir, 'crew-network.json');
  writeFileSync(networkFile, JSON.stringify(crewNetwork()));
  return { dir, networkFile };
}

export function sqliteStorage(): Storage {
  const { dir, networkFile } = tempFolder();
  const dataDir = join(dir, 'data');
  return {
    kind: 'sqlite',
    env: { DATA_DIR: dataDir },
    networkFile,
    open: () => openDb({ dataDir }),
    dispose: () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** A fresh PostgreSQL database of its own (the nodes share it), dropped by `dispose`. */
export async function postgresStorage(): Promise<Storage> {
  const { dir, networkFile } = tempFolder();
  const name = `msgr_scale_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    env: { DATABASE_URL: databaseUrl, DATA_DIR: join(dir, 'data') },
    networkFile,
    open: () => openDb({ dataDir: '.', databaseUrl, pgPoolSize: 2 }),
    dispose: async () => {
      rmSync(dir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      try {
        // FORCE: a killed node's connections may linger until PostgreSQL notices.
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
