import { rename, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { Publisher, type ReleaseMaker } from "./publisher";
import { createReleaseMaker } from "./release-maker";
import { startSiteServer, type SiteServer, type SiteServerOptions } from "./site-server";
import { WEBHOOK_PATH, type StoryblokEvent } from "./storyblok-webhook";
import { CLIENT_DIR } from "../release/layout";

/**
 * The site server with publish to live: it serves the build in `buildDir`
 * (its `client/`) and answers Storyblok's webhook (POST /webhooks/storyblok)
 * with a new release in `{buildDir}/releases/` (site-server/publisher.ts).
 */

export interface LiveSiteOptions extends Omit<SiteServerOptions, "root" | "webhook"> {
  /** A build folder: `client/`, and `renderer/` + `release.json` for fast updates. */
  buildDir: string;
  /** Environment of the rebuilds: the one the build was made with. */
  env: NodeJS.ProcessEnv;
  /** STORYBLOK_WEBHOOK_SECRET */
  webhookSecret?: string;
  releasesDir?: string;
  debounceMs?: number;
  /** The project whose code rebuilds (default: this one; the bench builds a snapshot). */
  repo?: string;
  /** Tests put a fake here. */
  maker?: ReleaseMaker;
  log?: (message: string) => void;
}

/** `{buildDir}/live`: a link to the live release's client folder, for nginx's `root` (README, "Self-hosting with nginx"). */
export const LIVE_LINK = "live";

/** Points the link at `clientDir` in one step (a new link renamed over the old one). */
async function pointLiveLink(buildDir: string, clientDir: string): Promise<void> {
  const link = path.join(buildDir, LIVE_LINK);
  const next = `${link}.${process.pid}.tmp`;
  await rm(next, { force: true });
  await symlink(path.resolve(clientDir), next, "dir");
  await rename(next, link);
}

export interface LiveSite {
  server: SiteServer;
  publisher: Publisher;
  webhookUrl: string;
  close(): Promise<void>;
}

export async function startLiveSite(options: LiveSiteOptions): Promise<LiveSite> {
  const log = options.log ?? ((message: string) => console.info(message));
  const releasesDir = options.releasesDir ?? path.join(options.buildDir, "releases");
  const maker = options.maker ?? createReleaseMaker({ releasesDir, env: options.env, repo: options.repo });
  // the publisher swaps the server, the server hands the publisher its events: the server listens before any
  // event arrives, so before any swap
  const publisher = new Publisher({
    live: { dir: path.resolve(options.buildDir) },
    maker,
    async swap(release) {
      await server.swapRoot(path.join(release.dir, CLIENT_DIR));
      await pointLiveLink(options.buildDir, path.join(release.dir, CLIENT_DIR));
    },
    debounceMs: options.debounceMs,
    log,
  });
  const describeEvent = (event: StoryblokEvent) =>
    `${event.action}${event.fullSlug ? ` ${event.fullSlug}` : ""}${event.storyId ? ` (story ${event.storyId})` : ""}`;
  const server = await startSiteServer({
    ...options,
    root: path.join(options.buildDir, CLIENT_DIR),
    webhook: {
      secret: options.webhookSecret,
      triage(event) {
        const triage = publisher.triage(event);
        if (triage === "duplicate") log(`webhook: ${describeEvent(event)}: already waiting for the next release`);
        return triage;
      },
      onEvent(event) {
        log(`webhook: ${describeEvent(event)}`);
        publisher.notify(event);
      },
    },
  });
  await pointLiveLink(options.buildDir, path.join(options.buildDir, CLIENT_DIR));
  if (!options.webhookSecret) {
    log(
      `WARNING: STORYBLOK_WEBHOOK_SECRET is not set: anyone who reaches POST ${WEBHOOK_PATH} can start a rebuild ` +
        "(one at a time). Set the same secret here and in Storyblok's webhook settings.",
    );
  }
  return {
    server,
    publisher,
    webhookUrl: `${server.url}${WEBHOOK_PATH}`,
    /** Ends the release being made (no new one starts) and the server, within a few seconds. */
    async close() {
      await Promise.all([publisher.stop(), server.close()]);
    },
  };
}
