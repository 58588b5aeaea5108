import type { MessageDescriptor } from './i18n';

/**
 * Every stable error code the server sends, in one place (the model is
 * Fastify's single error catalogue): REST bodies (`error.code`), GraphQL
 * (`extensions.code`), and the socket's `error` frames and send/call results.
 * The server mints errors from these entries (its `AppError` takes a code, and
 * the HTTP status comes from here); the web compares codes against
 * `ErrorCode`, so a renamed or removed code fails the typecheck on both sides.
 *
 * `status` is the HTTP status the code is answered with (a socket frame
 * carries only the code). `message` is there where the code's default wording
 * is what a person reads; throwers may give a more precise message.
 */
export interface ErrorCatalogueEntry {
  readonly status: number;
  readonly message?: MessageDescriptor;
}

const entry = (status: number, id?: string, defaultMessage?: string): ErrorCatalogueEntry =>
  id === undefined || defaultMessage === undefined
    ? { status }
    : { status, message: { id: `error.${id}`, defaultMessage } };

export const ERROR_CATALOGUE = {
  // The request itself: its input, its size, its type.
  bad_request: entry(400),
  invalid_network: entry(400),
  funnel_not_registered: entry(400),
  query_too_short: entry(400),
  query_too_complex: entry(400),
  persisted_query_only: entry(400),
  persisted_query_not_found: entry(400),
  payload_too_large: entry(413),
  unsupported_media_type: entry(415),

  // Who is asking.
  unauthenticated: entry(401, 'unauthenticated', 'Log in to continue.'),
  invalid_credentials: entry(401, 'invalidCredentials', 'Wrong username or password.'),
  csrf: entry(403, 'csrf', 'Missing or invalid CSRF token.'),
  password_login_disabled: entry(
    403,
    'passwordLoginDisabled',
    'Passwords are turned off here: sign in with your organization’s account.',
  ),
  admin_disabled: entry(
    403,
    'adminDisabled',
    'The admin API is off: set ADMIN_TOKEN to turn it on.',
  ),

  // May they.
  forbidden: entry(403, 'forbidden', 'You are not allowed to do this.'),
  blocked: entry(403),
  window_closed: entry(403),
  not_page_admin: entry(403, 'notPageAdmin', 'Only the admins of a page answer as the page.'),
  not_page_thread: entry(403, 'notPageThread', "This conversation is not one of the page's."),
  not_participant: entry(403, 'notParticipant', 'You are not in this conversation.'),
  not_found: entry(404, 'notFound', 'Not found.'),

  // The state of things.
  import_running: entry(409, 'importRunning', 'Another import is running; try again later.'),
  call_exists: entry(409, 'callExists', 'This call id is taken.'),
  in_another_call: entry(409, 'inAnotherCall', 'You are in another call.'),
  not_ringing: entry(409, 'notRinging', 'This call is not ringing for you.'),
  not_in_call: entry(409, 'notInCall', 'You are not in this call.'),
  upload_quota_exceeded: entry(429),
  rate_limited: entry(429, 'rateLimited', 'Too many requests: wait a moment and try again.'),

  // The sync socket's protocol (error frames; the socket then closes or carries on).
  bad_frame: entry(400),
  unsupported_protocol: entry(400),
  hello_required: entry(400),
  hello_repeated: entry(400),
  ack_ahead: entry(400),

  // Ours: never shows internals.
  internal: entry(500, 'internal', 'Something went wrong on our side.'),
} as const satisfies Record<string, ErrorCatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** Whether an error code read off the wire (unknown shape) is this catalogue code. */
export function hasErrorCode(value: unknown, code: ErrorCode): boolean {
  return value === code;
}

/** The catalogue's wording of `code`, for a thrower that gives no message of its own. */
export function defaultErrorMessage(code: ErrorCode): string {
  const described: ErrorCatalogueEntry = ERROR_CATALOGUE[code];
  return described.message?.defaultMessage ?? 'The request was refused.';
}
