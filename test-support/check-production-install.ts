import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { attribute, parseHtml } from "../pipeline/html";
import { spawnNpmStart, type NpmStartProcess } from "./npm-start-process";
import { freePort } from "../tools/processes";

/**
 * `npm run test:install`: `npm start` works where only `dependencies` are
 * installed. Copies the tracked files into a temporary folder, installs
 * with `--omit=dev` from the lockfile, starts the site on free ports and
 * reads the home page and one of its images through it. Fails when a
 * package that `npm start` needs is only a devDependency, or when a
 * devDependency gets installed.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const START_TIMEOUT_MS = 120_000;

function log(message: string) {
  console.info(`test:install: ${message}`);
}

async function copyTrackedFiles(target: string): Promise<void> {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\0")
    .filter((file) => file && existsSync(path.join(repo, file)));
  for (const file of files) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await copyFile(path.join(repo, file), path.join(target, file));
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "studio-install-"));
  let site: NpmStartProcess | undefined;
  try {
    await copyTrackedFiles(dir);
    log(`npm install --omit=dev in ${dir}`);
    execFileSync("npm", ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (const devOnly of ["vitest", "@playwright/test", "eslint", "lighthouse", "jsdom"]) {
      if (existsSync(path.join(dir, "node_modules", devOnly)))
        throw new Error(`${devOnly} was installed with --omit=dev`);
    }

    const [port, contentPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      HOST: "127.0.0.1",
    };
    delete env.STORYBLOK_TOKEN;
    delete env.CONTENT_API_URL;
    const started = performance.now();
    site = spawnNpmStart({ cwd: dir, env, timeoutMs: START_TIMEOUT_MS });
    const url = (await site.ready).siteUrl;
    log(`npm start served ${url} after ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const home = await fetch(url);
    const html = await home.text();
    if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);
    const image = parseHtml(html)
      .elementsNamed("img")
      .map((img) => attribute(img, "src"))
      .find(Boolean);
    if (!image) throw new Error("the home page has no image");
    const media = await fetch(new URL(image, url));
    if (media.status !== 200 || !media.headers.get("content-type")?.startsWith("image/")) {
      throw new Error(`the home page's image ${image} answered ${media.status} ${media.headers.get("content-type")}`);
    }
    log("the home page and its first image are served: passed");
  } catch (error) {
    if (site) console.error(site.output());
    throw error;
  } finally {
    await site?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`test:install: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
