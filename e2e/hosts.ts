import { RELEASE_FILE, readReleaseInfo } from "../release/release-info";
import { HOSTS_BUILD_DIR_VARIABLE } from "../test-support/host-runtimes";
import { requiredEnv } from "./fixtures";

/**
 * What the `hosts` project's specs (`*.hosts.spec.ts`) are given in run-e2e's
 * hosts stage (test-support/e2e-servers.ts): a production build (published content, as a
 * studio deploys it) in its own folder, served by Cloudflare's and
 * Netlify's own local runtimes, and the tools that check it that we did not
 * write (the Nu Html Checker, a link checker).
 */
export function hostsEnv() {
  const read = (name: string) =>
    requiredEnv(
      name,
      "the hosts' checks run in a whole `npm run test:e2e`, with `--project hosts` or E2E_HOSTS=1 (test-support/run-e2e.ts)",
    ).replace(/\/$/, "");
  return {
    /** The production build's folder (`client/`, `release.json`). */
    buildDir: read(HOSTS_BUILD_DIR_VARIABLE),
    cloudflareUrl: read("E2E_CLOUDFLARE_URL"),
    netlifyUrl: read("E2E_NETLIFY_URL"),
    /** The content service the build read (its media are on this origin). */
    contentOrigin: read("E2E_CONTENT_ORIGIN"),
    java: read("E2E_JAVA"),
    vnuJar: read("E2E_VNU_JAR"),
    /** linkinator's package folder. */
    linkinator: read("E2E_LINKINATOR"),
  };
}

/** Every prerendered page's path of a build, both languages (its release.json, written by the pipeline). */
export async function prerenderedPaths(buildDir: string): Promise<string[]> {
  const release = await readReleaseInfo(buildDir);
  if (!release) throw new Error(`${buildDir} has no ${RELEASE_FILE} of this version`);
  return Object.keys(release.pages);
}
