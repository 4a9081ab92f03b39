import { ensureExecutable } from "./debian-packages";

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

/** The path of a usable Chromium executable; installs Debian's package when it can. */
export function ensureChromium(): Promise<string> {
  return ensureExecutable("ensure-chromium", {
    what: "Chromium",
    envName: "CHROME_PATH",
    candidates: CANDIDATES,
    packages: ["chromium"],
    hint: INSTALL_HINT,
  });
}
