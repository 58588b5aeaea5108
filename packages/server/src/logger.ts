import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets (passwords, cookies, tokens) are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-admin-token"]',
        'password',
        '*.password',
      ],
      censor: '[redacted]',
    },
  });
}
