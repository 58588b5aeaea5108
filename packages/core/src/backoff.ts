/**
 * The one exponential backoff of the project. Each caller keeps its own
 * policy (base, cap, whether to jitter) in its constants; the curve lives here.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before attempt number `attempt` (1-based; anything below 1 counts as
 * the first): base, 2×base, 4×base, …, never above the maximum. With a
 * `jitter` in [0, 1] (clamped), half of the delay is fixed and the other half
 * scaled by it, so many clients that failed together do not retry together.
 */
export function backoffDelayMs(attempt: number, options: BackoffOptions, jitter?: number): number {
  const full = Math.min(options.baseMs * 2 ** Math.max(0, attempt - 1), options.maxMs);
  if (jitter === undefined) return full;
  const spread = Math.min(Math.max(jitter, 0), 1);
  return Math.round(full / 2 + (full / 2) * spread);
}
