import { startContentServer } from "../content-server/content-server";

/**
 * The content service in its own process for the bench (so that load tests
 * and browsers do not share its event loop). Options come as JSON in
 * BENCH_CONTENT_OPTIONS; the handle's details are printed as one line
 * starting with READY; with logRequests the service logs every request to
 * stdout, which the parent counts (content-service.ts).
 */

const options = JSON.parse(process.env.BENCH_CONTENT_OPTIONS ?? "{}") as {
  contentDir: string;
  imageCacheDir?: string;
  logRequests?: boolean;
  port?: number;
  /** Follow edits of the content folder (the publish section edits a story). */
  watch?: boolean;
};

const server = await startContentServer({
  port: options.port ?? 0,
  host: "127.0.0.1",
  contentDir: options.contentDir,
  imageCacheDir: options.imageCacheDir,
  logRequests: options.logRequests ?? false,
  watch: options.watch ?? false,
  rateLimit: "off",
});

process.stdout.write(
  `READY ${JSON.stringify({
    url: server.url,
    apiUrl: server.apiUrl,
    port: server.port,
    previewToken: server.previewToken,
    publicToken: server.publicToken,
    stories: server.storyCount(),
    imageCacheDir: server.imageCacheDir,
  })}\n`,
);

const stop = () => {
  setTimeout(() => process.exit(1), 3000).unref();
  void server.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// the parent went away: stop too
process.on("disconnect", stop);
