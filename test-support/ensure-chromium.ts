import path from "node:path";
import { fileURLToPath } from "node:url";
import { aptInstall, canInstallPackages, isExecutable } from "./debian-packages";

/**
 * Finds the Chromium the browser tests drive (Playwright's own browser
 * download does not work offline): CHROME_PATH, else Debian's package; on a
 * Debian/Ubuntu machine running as root it installs that package.
 */

/** Launch flags for a headless Chromium in a container on a small machine, with nothing phoning home. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
  "--disable-quic",
];

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

const INSTALL_HINT =
  "Install Chromium and try again: on Debian/Ubuntu `sudo apt-get install -y --no-install-recommends chromium`, " +
  "elsewhere install Chromium or Chrome and set CHROME_PATH to its executable.";

async function findChromium(): Promise<string | undefined> {
  for (const candidate of CANDIDATES) {
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The path of a usable Chromium executable; installs Debian's package when it can. */
export async function ensureChromium(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (await isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, which is not an executable file. ${INSTALL_HINT}`);
  }
  const found = await findChromium();
  if (found) return found;

  if (await canInstallPackages()) {
    console.info("ensure-chromium: no Chromium found; installing the Debian package");
    await aptInstall("ensure-chromium", ["chromium"]);
    const installed = await findChromium();
    if (installed) return installed;
    throw new Error(`apt-get installed chromium, but none of ${CANDIDATES.join(", ")} exists. ${INSTALL_HINT}`);
  }
  throw new Error(`No Chromium found (looked at CHROME_PATH, ${CANDIDATES.join(", ")}). ${INSTALL_HINT}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureChromium().then(
    (chromium) => console.info(chromium),
    (error: unknown) => {
      console.error(`ensure-chromium: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
