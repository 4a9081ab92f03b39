import { readEnvConfig } from "./config";
import { startContentServer } from "./content-server";

/** CLI entry: `npm run content`. Configuration comes from the environment (see config.ts). */
async function main(): Promise<void> {
  let options;
  try {
    options = readEnvConfig();
  } catch (err) {
    console.error(`content-server: ${(err as Error).message}`);
    process.exit(1);
  }
  const started = performance.now();
  let server;
  try {
    server = await startContentServer(options);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    console.error(
      `content-server: cannot start: ${e.code === "EADDRINUSE" ? `port ${options.port} is already in use` : e.message}`,
    );
    process.exit(1);
  }
  const shown =
    server.host === "127.0.0.1" || server.host === "localhost" ? `http://localhost:${server.port}` : server.url;
  console.info(`Content service: ${shown}/v2`);
  console.info(
    `  content:       ${server.contentDir} (${server.storyCount()} stories, cv ${server.cv()}, loaded in ${Math.round(performance.now() - started)} ms)`,
  );
  console.info(`  preview token: ${server.previewToken}`);
  console.info(`  public token:  ${server.publicToken}`);
  console.info(`  admin token:   ${server.adminToken}`);
  console.info(`  rate limit:    ${String(options.rateLimit)}; faults: ${JSON.stringify(server.getFaults())}`);
  if (options.webhooks?.length) {
    console.info(
      `  webhooks:      ${options.webhooks.join(", ")} (${options.webhookSecret ? "signed" : "unsigned: no CONTENT_WEBHOOK_SECRET"})`,
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`content-server: ${signal}, shutting down`);
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    void server.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

void main();
