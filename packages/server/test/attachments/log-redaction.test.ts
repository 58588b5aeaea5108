import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';

/** An image key as a client sends it (base64 of 16 bytes), and its IV. */
const KEY = 'S2V5TXVzdE5vdExlYWsxMg==';
const IV = 'SXZJdkl2SXZJdkl2';

describe('log redaction of image keys', () => {
  it('censors a key wherever a send input could be logged', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'trace',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const input = { text: 'hi', attachments: [{ id: '1', key: KEY, iv: IV }] };
    logger.info({ input }, 'send');
    logger.info({ frame: { input } }, 'socket send');
    logger.debug({ args: ['params', { variables: { input } }] }, 'graphql');
    logger.debug({ args: [{ params: { variables: { input } } }] }, 'graphql');
    expect(lines).toHaveLength(4);
    expect(lines.join('')).not.toContain(KEY);
    expect(lines.join('')).toContain('[redacted]');
  });
});
