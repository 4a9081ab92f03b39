import { createHash } from "node:crypto";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { x } from "tinyexec";
import { ensureExecutable, isExecutable } from "./debian-packages";

/**
 * The tools the browser tests check the production build with, which the
 * project's own install does not bring (over 600 MB that only the tests
 * need): the static hosts' own local runtimes (Cloudflare's wrangler on
 * workerd, Netlify's CLI with Deno for its edge layer), the Nu Html Checker
 * and a link checker. Their versions are pinned by
 * `test-support/host-tools/package.json` and its lockfile; `npm ci`
 * installs them into `.cache/host-tools/`, again only when the lockfile
 * changed. The Nu checker runs on Java: JAVA_PATH, else Debian's
 * `default-jre-headless`, installed with apt when missing (as
 * ensure-chromium.ts does for Chromium).
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIR = path.join(repo, "test-support", "host-tools");
const INSTALL_DIR = path.join(repo, ".cache", "host-tools");
/** What the install was made from: the lockfile's hash. */
const STAMP_FILE = path.join(INSTALL_DIR, "installed-from.sha256");
const JAVA_CANDIDATES = ["/usr/bin/java", "/usr/lib/jvm/default-java/bin/java"];

async function lockfileHash(): Promise<string> {
  return createHash("sha256")
    .update(await readFile(path.join(SOURCE_DIR, "package-lock.json")))
    .digest("hex");
}

async function npmCi(): Promise<void> {
  await rm(INSTALL_DIR, { recursive: true, force: true });
  await mkdir(INSTALL_DIR, { recursive: true });
  for (const name of ["package.json", "package-lock.json"]) {
    await cp(path.join(SOURCE_DIR, name), path.join(INSTALL_DIR, name));
  }
  console.info("ensure-host-tools: installing wrangler, netlify-cli, deno, vnu-jar and linkinator (npm ci) ...");
  // quiet: npm's engine warnings for netlify-cli's dependencies are not ours to act on
  await x("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    throwOnError: true,
    nodePath: false,
    nodeOptions: { cwd: INSTALL_DIR, stdio: ["ignore", "inherit", "inherit"] },
  });
  await writeFile(STAMP_FILE, `${await lockfileHash()}\n`);
}

function ensureJava(): Promise<string> {
  return ensureExecutable("ensure-host-tools", {
    what: "Java",
    envName: "JAVA_PATH",
    candidates: JAVA_CANDIDATES,
    packages: ["default-jre-headless"],
    hint:
      "The Nu Html Checker needs Java 11 or later: on Debian/Ubuntu `sudo apt-get install -y default-jre-headless`; " +
      "elsewhere set JAVA_PATH to a java binary.",
  });
}

/** The host tools, installed when missing or when their lockfile changed. */
export async function ensureHostTools() {
  const java = await ensureJava();
  const installed = (await readFile(STAMP_FILE, "utf8").catch(() => "")).trim();
  if (installed !== (await lockfileHash())) await npmCi();
  const modules = path.join(INSTALL_DIR, "node_modules");
  const binDir = path.join(modules, ".bin");
  const tools = {
    /** Put first on PATH for the hosts' CLIs: it holds `deno`, which netlify-cli's edge layer looks for. */
    binDir,
    wrangler: path.join(binDir, "wrangler"),
    netlify: path.join(binDir, "netlify"),
    /** The Nu Html Checker's jar and the Java that runs it. */
    vnuJar: path.join(modules, "vnu-jar", "build", "dist", "vnu.jar"),
    java,
    /** linkinator's package folder, for its programmatic API. */
    linkinator: path.join(modules, "linkinator"),
  };
  for (const file of [tools.wrangler, tools.netlify, path.join(binDir, "deno")]) {
    if (!(await isExecutable(file))) throw new Error(`ensure-host-tools: ${file} is missing after the install`);
  }
  return tools;
}

export type HostTools = Awaited<ReturnType<typeof ensureHostTools>>;
