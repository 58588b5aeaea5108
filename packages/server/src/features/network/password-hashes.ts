import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). The algorithm is
 * the library's default, argon2id (its `Algorithm` is a const enum, which
 * verbatimModuleSyntax cannot import); the tests check the stored `$argon2id$`.
 */
export const ARGON2_OPTIONS: Options = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export interface PasswordToHash {
  password: string;
  /** The stored hash of this person, when they were imported before. */
  existingHash: string | null;
}

/**
 * Hashes every password, several at a time (argon2 runs off the main thread).
 * A stored hash that still verifies is kept, so re-importing the same file
 * leaves the stored hash (and with it the whole table) unchanged.
 */
export async function hashPasswords(
  items: readonly PasswordToHash[],
  onDone: (done: number) => void = () => undefined,
): Promise<string[]> {
  const out = new Array<string>(items.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item === undefined) continue;
      out[index] = await hashOrKeep(item);
      done += 1;
      onDone(done);
    }
  };
  const workers = Math.max(2, Math.min(availableParallelism() * 2, 16));
  await Promise.all(Array.from({ length: workers }, worker));
  return out;
}

async function hashOrKeep({ password, existingHash }: PasswordToHash): Promise<string> {
  if (existingHash !== null && (await verifySafely(existingHash, password))) return existingHash;
  return hash(password, ARGON2_OPTIONS);
}

async function verifySafely(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // Not an argon2 hash (or a corrupt one): replace it.
    return false;
  }
}
