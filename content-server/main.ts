import sharp from "sharp";
import { serviceProcessSettings, type ServiceProcessSettings } from "./settings";
import type { ContentServiceAnswer, ContentServiceReady } from "./child-process";
import { startContentServer, type ContentServerHandle, type ContentServerOptions } from "./content-server";

/**
 * The content service's process: `npm run content`, and the separate process
 * that `npm start` and `npm run dev` start (child-process.ts). Its settings,
 * read once here (settings.ts): the options a parent hands it serialized, or,
 * run by itself, the environment's (a bad value: a message naming the
 * variable and exit code 2).
 *
 * Started with an IPC channel (`process.send`), it sends one ContentServiceReady
 * message once listening (and, if asked, a ContentServiceAnswer per request
 * answered), prints nothing but errors and warnings (the parent prints the
 * URLs), and stops when the parent goes away. Without one it prints
 * its URLs and tokens. SIGTERM / SIGINT close it within 5 s.
 */

/** Longest a shutdown takes before the process exits anyway. */
const STOP_WITHIN_MS = 4_500;

const viaIpc = typeof process.send === "function";

/** To the parent, with a callback: once it is gone, a closed channel is an error of the send, not an uncaught exception (`disconnect` stops the service). */
function sendToParent(message: ContentServiceReady | ContentServiceAnswer): void {
  if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
}

async function main({ options: serverOptions, answersToParent }: ServiceProcessSettings): Promise<void> {
  const options: ContentServerOptions =
    viaIpc && answersToParent
      ? { ...serverOptions, onAnswer: (answer) => sendToParent({ type: "answer", ...answer }) }
      : serverOptions;
  let server: ContentServerHandle | undefined = undefined;
  let stopReason: string | undefined;
  // exits once closed, or past STOP_WITHIN_MS anyway
  const stop = (reason: string) => {
    if (stopReason) return;
    stopReason = reason;
    setTimeout(() => process.exit(1), STOP_WITHIN_MS).unref();
    if (server) closeAndExit(server, reason);
  };
  // from the start: a parent that goes away or a signal during the load stops it too
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  if (viaIpc) process.on("disconnect", () => stop("parent gone"));

  // Process-wide sharp settings, for a process that only serves: no libvips operation cache (the
  // renders are kept on disk; its 50 MB of decoded images would stay in RSS). sharp itself keeps
  // libvips at one thread per render on glibc without jemalloc, against fragmentation.
  sharp.cache(false);

  const started = performance.now();
  server = await startOrExit(options);
  if (stopReason) {
    closeAndExit(server, stopReason);
    return;
  }
  if (viaIpc) tellParent(server);
  else printAddresses(server, options, performance.now() - started);
}

async function startOrExit(options: ContentServerOptions): Promise<ContentServerHandle> {
  try {
    return await startContentServer(options);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    console.error(
      `content-server: cannot start: ${e.code === "EADDRINUSE" ? `port ${options.port} is already in use (CONTENT_PORT)` : e.message}`,
    );
    process.exit(1);
  }
}

/** Closes `server` and exits. */
function closeAndExit(server: ContentServerHandle, reason: string): void {
  if (!viaIpc) console.info(`content-server: ${reason}, shutting down`);
  void server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`content-server: closing failed: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}

function tellParent(server: ContentServerHandle): void {
  const ready: ContentServiceReady = {
    type: "ready",
    url: server.url,
    apiUrl: server.apiUrl,
    port: server.port,
    publicOrigin: server.publicOrigin,
    contentDir: server.contentDir,
    storyCount: server.storyCount(),
    cv: server.cv(),
    previewToken: server.previewToken,
    publicToken: server.publicToken,
    adminToken: server.adminToken,
  };
  sendToParent(ready);
}

function printAddresses(server: ContentServerHandle, options: ContentServerOptions, loadMs: number): void {
  const shown =
    server.host === "127.0.0.1" || server.host === "localhost" ? `http://localhost:${server.port}` : server.url;
  console.info(`Content service: ${shown}/v2`);
  console.info(
    `  content:       ${server.contentDir} (${server.storyCount()} stories, cv ${server.cv()}, loaded in ${Math.round(loadMs)} ms)`,
  );
  console.info(`  asset URLs:    ${server.publicOrigin || "root-relative"}/f/...`);
  console.info(`  preview token: ${server.previewToken}`);
  console.info(`  public token:  ${server.publicToken}`);
  console.info(`  admin token:   ${server.adminToken}`);
  console.info(`  rate limit:    ${String(options.rateLimit)}; faults: ${JSON.stringify(server.getFaults())}`);
  if (options.webhooks?.length) {
    console.info(
      `  webhooks:      ${options.webhooks.join(", ")} (${options.webhookSecret ? "signed" : "unsigned: no CONTENT_WEBHOOK_SECRET"})`,
    );
  }
}

void main(serviceProcessSettings());
