import path from "node:path";
import { startSiteServer } from "./site-server";

/**
 * `tsx site-server/main.ts [root]`: serves a prerendered build (default
 * build/client) on HOST (default 127.0.0.1) and PORT (default 3000).
 */
const root = path.resolve(process.argv[2] ?? "build/client");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, not "${process.env.PORT}"`);
  process.exit(1);
}

try {
  const server = await startSiteServer({ root, port, host });
  console.info(`Site: ${server.url} (serving ${path.relative(process.cwd(), root) || "."})`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: stopping the site server`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} catch (error) {
  console.error(`Could not start the site server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
