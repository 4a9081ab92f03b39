import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawnContentService } from "../content-server/child-process";
import { startContentServer } from "../content-server/content-server";
import { startSiteServer } from "../site-server/site-server";

/**
 * The site server with the local content service forwarded behind it, as
 * `npm start` runs them, for the bench's isolation section: `separate` (the
 * content service in a process of its own, as now) or `shared` (both in this
 * process's one event loop, as before). Options come as JSON in
 * BENCH_ISOLATION; one line starting with READY tells the parent where.
 */

const options = JSON.parse(process.env.BENCH_ISOLATION ?? "{}") as {
  mode: "shared" | "separate";
  clientDir: string;
  contentDir: string;
};

const imageCacheDir = await mkdtemp(path.join(os.tmpdir(), "bench-isolation-images-"));
/** The content service in this process (`shared`) or in a child process of its own (`separate`). */
async function startContent(): Promise<{
  contentUrl: string;
  publicToken: string;
  contentPid: number;
  stopContent: () => Promise<void>;
}> {
  if (options.mode === "separate") return spawnContent();
  const content = await startContentServer({
    port: 0,
    host: "127.0.0.1",
    contentDir: options.contentDir,
    publicOrigin: "",
    imageCacheDir,
    rateLimit: "off",
    watch: false,
  });
  return {
    contentUrl: content.url,
    publicToken: content.publicToken,
    contentPid: process.pid,
    stopContent: () => content.close(),
  };
}

async function spawnContent() {
  const content = await spawnContentService({
    options: { port: 0, contentDir: options.contentDir, publicOrigin: "", imageCacheDir, rateLimit: "off" },
  });
  return {
    contentUrl: content.url,
    publicToken: content.publicToken,
    contentPid: content.child.pid ?? 0,
    stopContent: () => content.stop(),
  };
}

const { contentUrl, publicToken, contentPid, stopContent } = await startContent();
const site = await startSiteServer({
  root: options.clientDir,
  port: 0,
  host: "127.0.0.1",
  contentOrigin: contentUrl,
  contentPublicToken: publicToken,
});
process.stdout.write(`READY ${JSON.stringify({ siteUrl: site.url, publicToken, contentPid })}\n`);

const stop = () => {
  setTimeout(() => process.exit(1), 5000).unref();
  void Promise.allSettled([site.close(), stopContent()]).then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
