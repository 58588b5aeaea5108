import { hash, verify } from '@node-rs/argon2';

let dummyHash: Promise<string> | undefined;

/** A hash of nothing anyone knows, made once, with the same (default argon2id) cost as real ones. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(`no-such-user-${String(process.pid)}-${String(Date.now())}`);
  return dummyHash;
}

/**
 * Checks a password against a stored argon2 hash. With no stored hash (unknown
 * username) it still runs one full verification, so that the answer takes as
 * long as for a wrong password and does not reveal which usernames exist.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await getDummyHash());
  let ok: boolean;
  try {
    ok = await verify(target, password);
  } catch {
    // A malformed stored hash can never match; it must not become a 500.
    ok = false;
  }
  return stored !== null && ok;
}

/** Warms the dummy hash at start-up so the first unknown-user login is not the slow one. */
export async function preparePasswordChecks(): Promise<void> {
  await getDummyHash();
}
