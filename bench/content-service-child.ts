import { startContentServer } from "../content-server/content-server";
import type { ChildMessage, ContentServiceOptions } from "./content-service";

/**
 * The content service in its own process for the bench (so that load tests
 * and browsers do not share its event loop), started by content-service.ts
 * with an IPC channel. Its options come as JSON in BENCH_CONTENT_OPTIONS;
 * it sends a `ready` message once listening and, with `countRequests`, an
 * `answer` message per request answered.
 */

const options = JSON.parse(process.env.BENCH_CONTENT_OPTIONS ?? "{}") as ContentServiceOptions;
// with a callback: once the parent is gone, a closed channel is its error, not an uncaught exception
const send = (message: ChildMessage) => process.connected && process.send?.(message, undefined, {}, () => undefined);

const server = await startContentServer({
  port: options.port ?? 0,
  host: "127.0.0.1",
  contentDir: options.contentDir,
  imageCacheDir: options.imageCacheDir,
  onAnswer: options.countRequests
    ? ({ method, target, status }) => send({ type: "answer", method, target, status })
    : undefined,
  watch: options.watch ?? false,
  rateLimit: "off",
});

send({
  type: "ready",
  url: server.url,
  apiUrl: server.apiUrl,
  port: server.port,
  previewToken: server.previewToken,
  publicToken: server.publicToken,
  stories: server.storyCount(),
  imageCacheDir: server.imageCacheDir,
});

const stop = () => {
  setTimeout(() => process.exit(1), 3000).unref();
  void server.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// the parent went away: stop too
process.on("disconnect", stop);
