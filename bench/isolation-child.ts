import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawnContentService } from "../content-server/child-process";
import { startSiteServer } from "../site-server/site-server";

/**
 * The site server with the local content service forwarded behind it, in a
 * process of its own as `npm start` runs them, for the bench's isolation
 * section (sections/isolation.ts starts it with an IPC channel). Options come
 * as JSON in BENCH_ISOLATION; one IsolationReady message tells the parent where.
 */

/** The message the parent gets once both listen. */
export interface IsolationReady {
  type: "ready";
  siteUrl: string;
  publicToken: string;
  contentPid: number;
}

const options = JSON.parse(process.env.BENCH_ISOLATION ?? "{}") as { clientDir: string; contentDir: string };

const imageCacheDir = await mkdtemp(path.join(os.tmpdir(), "bench-isolation-images-"));
const content = await spawnContentService({
  options: { port: 0, contentDir: options.contentDir, publicOrigin: "", imageCacheDir, rateLimit: "off" },
});
const site = await startSiteServer({
  root: options.clientDir,
  port: 0,
  host: "127.0.0.1",
  contentOrigin: content.url,
  contentPublicToken: content.publicToken,
});
const ready: IsolationReady = {
  type: "ready",
  siteUrl: site.url,
  publicToken: content.publicToken,
  contentPid: content.child.pid ?? 0,
};
// with a callback: a channel closed meanwhile is its error, not an uncaught exception
process.send?.(ready, undefined, {}, () => undefined);

const stop = () => {
  setTimeout(() => process.exit(1), 5000).unref();
  void Promise.allSettled([site.close(), content.stop()]).then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
