import type { Logger } from '../../logger';

export interface ShutdownSteps {
  /** Read by /readyz (503) and the sync socket (refused with 1001) while draining. */
  lifecycle: { draining: boolean };
  /** How long to stay up saying 503 before closing: the load balancer's time to notice. */
  drainMs: number;
  /** The process exits by then, whatever still runs. */
  timeoutMs: number;
  /**
   * Stops listening (new connections refused), lets in-flight requests and socket sends
   * finish, closes the sync sockets with 1001 (clients reconnect, to another node).
   */
  closeServers: () => Promise<void>;
  /** Database and Redis, once nothing uses them. */
  closeStorage: () => Promise<void>;
  logger: Logger;
  exit: (code: number) => void;
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * The node's SIGTERM: /readyz turns 503 and new sockets are refused at once, then after
 * the drain the servers close, then storage; exit 0 when all went well, 1 when the
 * bound ran out first (or a step failed).
 */
export function runShutdown(steps: ShutdownSteps, reason: string, drain = true): Promise<void> {
  steps.lifecycle.draining = true;
  steps.logger.info({ reason, drainMs: drain ? steps.drainMs : 0 }, 'shutting down');
  const deadline = setTimeout(() => {
    steps.logger.error({ timeoutMs: steps.timeoutMs }, 'shutdown took too long: exiting');
    steps.exit(1);
  }, steps.timeoutMs);
  deadline.unref();
  return (async () => {
    try {
      if (drain) await sleep(steps.drainMs);
      await steps.closeServers();
      await steps.closeStorage();
      clearTimeout(deadline);
      steps.logger.info('shut down');
      steps.exit(0);
    } catch (error) {
      clearTimeout(deadline);
      steps.logger.error({ err: error }, 'shutdown failed');
      steps.exit(1);
    }
  })();
}
