import { stat } from "node:fs/promises";
import path from "node:path";
import { startLiveSite } from "./live-site";
import { startSiteServer, type SiteServer } from "./site-server";
import { CLIENT_DIR } from "../release/layout";
import { settingsOrExit } from "../settings/env-variables";
import { SITE_SERVER_VARIABLES } from "./settings";

/**
 * `npm run serve [-- build]` (`tsx site-server/main.ts [folder]`): serves a
 * build on HOST and PORT (settings.ts, parsed once here), for
 * self-hosting. Given a build folder (default build/, holding `client/`),
 * it also takes Storyblok's webhook and publishes to live, rebuilding with
 * this process's environment (the build's: STORYBLOK_TOKEN,
 * CONTENT_VERSION, SITE_URL; STORYBLOK_WEBHOOK_SECRET). Given a client
 * folder itself, it only serves it.
 */
const target = path.resolve(process.argv[2] ?? "build");
const settings = settingsOrExit("npm run serve", SITE_SERVER_VARIABLES);
const { PORT: port, HOST: host } = settings;
/** SIGTERM or Ctrl-C to exit, at most (a supervisor's grace before SIGKILL is often 5 to 10 s). */
const STOP_DEADLINE_MS = 4500;

async function start(): Promise<{ server: SiteServer; close(): Promise<void> }> {
  const isBuildDir = Boolean(await stat(path.join(target, CLIENT_DIR)).catch(() => null));
  if (!isBuildDir) {
    const server = await startSiteServer({ root: target, port, host });
    return { server, close: () => server.close() };
  }
  return startLiveSite({
    buildDir: target,
    // the rebuilds' environment: the build reads its own settings from it (pipeline/build-settings.ts)
    env: process.env,
    port,
    host,
    webhookSecret: settings.STORYBLOK_WEBHOOK_SECRET,
  });
}

try {
  const running = await start();
  console.info(`Site: ${running.server.url} (serving ${path.relative(process.cwd(), running.server.root()) || "."})`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // a second Ctrl-C: now
      process.exit(1);
    }
    stopping = true;
    console.info(`${signal}: stopping the site server`);
    // close() ends a release being made within a few seconds (SIGKILL after a grace); past this, exit anyway
    setTimeout(() => {
      console.error(`${signal}: still stopping after ${STOP_DEADLINE_MS / 1000} s, exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    running.close().then(
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
