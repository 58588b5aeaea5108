import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Where secrets could reach a log line: the key of an encrypted image travels
 * in send_message's input (GraphQL variables, the socket's send frame), so
 * every place such an input can be logged is censored, whatever the level.
 */
const ATTACHMENT_KEY_PATHS = [
  'attachments[*].key',
  'input.attachments[*].key',
  '*.attachments[*].key',
  '*.input.attachments[*].key',
  'variables.input.attachments[*].key',
  'args[*].variables.input.attachments[*].key',
  'args[*].params.variables.input.attachments[*].key',
];

/** Structured JSON logs; secrets (passwords, cookies, tokens, image keys) are redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-admin-token"]',
        'password',
        '*.password',
        ...ATTACHMENT_KEY_PATHS,
      ],
      censor: '[redacted]',
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
