import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATALOGUE, isErrorCode } from '@messenger/core';
import { describe, expect, it } from 'vitest';
import { AppError, forbidden, notFound, toWireError } from './errors';

const SRC = new URL('.', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every way the server mints a code that reaches a client: AppError (and its
 * subclasses' `super`), the call and send refusals, GraphQL errors, the
 * persisted-operation errors, and `code:` in error bodies, extensions and
 * socket frames. The first string literal of each is the code.
 */
const MINTING = [
  /\b(?:new AppError|super|callError|graphqlError|persistedError)\(\s*'([a-z_]+)'/g,
  /\bpersistedError\(\s*[\w.]+\s*\?\s*'([a-z_]+)'\s*:\s*'([a-z_]+)'/g,
  /\brefusal\(\s*\w+,\s*'([a-z_]+)'/g,
  /\bcode: '([a-z_]+)'/g,
];

function mintedCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of MINTING) {
      for (const match of text.matchAll(pattern)) {
        for (const code of match.slice(1)) {
          // zod's own issue code, not one of ours.
          if (code === 'custom') continue;
          found.set(code, [...(found.get(code) ?? []), file.slice(SRC.length)]);
        }
      }
    }
  }
  return found;
}

describe('the error catalogue', () => {
  it('lists every code the server mints', () => {
    const minted = mintedCodes();
    // The scan itself works: it sees codes from each kind of minting.
    for (const code of [
      'forbidden',
      'rate_limited',
      'not_in_call',
      'query_too_complex',
      'persisted_query_not_found',
      'bad_frame',
    ]) {
      expect(minted.has(code), code).toBe(true);
    }
    const missing = [...minted].filter(([code]) => !isErrorCode(code));
    expect(missing).toEqual([]);
  });

  it('gives AppError its status and, without a message, its wording', () => {
    const error = new AppError('not_page_admin', undefined, 'as_page_id');
    expect(error.statusCode).toBe(403);
    expect(error.message).toBe(ERROR_CATALOGUE.not_page_admin.message?.defaultMessage);
    expect(error.message).toBe('Only the admins of a page answer as the page.');
    expect(toWireError(error)).toEqual({
      statusCode: 403,
      body: {
        error: {
          code: 'not_page_admin',
          message: 'Only the admins of a page answer as the page.',
          field: 'as_page_id',
        },
      },
    });
    expect(new AppError('upload_quota_exceeded', 'Too many.').statusCode).toBe(429);
    expect(forbidden().message).toBe('You are not allowed to do this.');
    expect(notFound('There is no such page.').statusCode).toBe(404);
  });

  it('keeps the code, wording and status when a generic refusal is placed on a field', () => {
    const placed = notFound('There is no such conversation.').withField('thread_id');
    expect(placed).toMatchObject({
      code: 'not_found',
      statusCode: 404,
      message: 'There is no such conversation.',
      field: 'thread_id',
    });
  });

  it('answers anything else as a 500 without internals', () => {
    expect(toWireError(new Error('db password is hunter2'))).toEqual({
      statusCode: 500,
      body: { error: { code: 'internal', message: 'Something went wrong on our side.' } },
    });
  });
});
