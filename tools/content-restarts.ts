import type { ContentServiceProcess } from "../content-server/child-process";

/**
 * `npm start`'s content service, kept running. When it stops (a crash, an
 * out-of-memory kill, someone's `kill`), the site goes on serving its
 * prerendered pages, which need no content service, and the service is
 * started again after a pause that doubles each time (1, 2, 4, 8, 16 s),
 * at most RESTARTS times in a row; a service that then ran for STABLE_MS
 * has its count start again. Once they are spent the site stays up without
 * it and says what no longer works. Every step is logged.
 */

/** Restarts in a row before npm start gives up on the content service. */
export const RESTARTS = 5;
/** The first pause before a restart; each further one doubles it. */
export const FIRST_PAUSE_MS = 1_000;
/** A service that ran this long before it stopped counts as a fresh start. */
export const STABLE_MS = 60_000;

export interface RestartOptions {
  /** The service now running, after a restart. */
  onRestart(service: ContentServiceProcess): void;
  /** npm start is stopping: a stopped service is no failure then. */
  isStopping(): boolean;
  log?: Pick<Console, "info" | "error">;
  /** Waits `ms` (tests pass a quicker one). */
  pause?: (ms: number) => Promise<void>;
  now?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Watches `first` and its successors until npm start stops or the restarts are spent; resolves then. */
export async function keepContentServiceRunning(
  first: ContentServiceProcess,
  start: () => Promise<ContentServiceProcess>,
  { onRestart, isStopping, log = console, pause = wait, now = () => performance.now() }: RestartOptions,
): Promise<void> {
  let service = first;
  let startedAt = now();
  let restarts = 0;
  for (;;) {
    const { code, signal } = await service.exited;
    if (isStopping()) return;
    if (now() - startedAt >= STABLE_MS) restarts = 0;
    let reason: string = signal ?? `exit code ${code}`;
    for (;;) {
      if (restarts >= RESTARTS) {
        log.error(
          `npm start: the content service stopped (${reason}) after ${RESTARTS} restarts; the site keeps serving ` +
            "its prerendered pages, without publish to live and the content API (/v2/, /f/)",
        );
        return;
      }
      const pauseMs = FIRST_PAUSE_MS * 2 ** restarts;
      restarts += 1;
      log.error(
        `npm start: the content service stopped (${reason}); starting it again in ${pauseMs / 1000} s ` +
          `(restart ${restarts} of ${RESTARTS}); the site keeps serving its prerendered pages`,
      );
      await pause(pauseMs);
      if (isStopping()) return;
      try {
        service = await start();
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
        continue;
      }
      // npm start began to stop while the service started: this one goes with it
      if (isStopping()) {
        await service.stop();
        return;
      }
      startedAt = now();
      onRestart(service);
      log.info(`npm start: the content service runs again: http://localhost:${service.port}/v2`);
      break;
    }
  }
}
