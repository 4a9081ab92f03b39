import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  aptInstall,
  canInstallPackages,
  ensureExecutable,
  executableFromEnv,
  firstExecutable,
} from "./debian-packages";

/**
 * Finds the other engines the engines' Playwright projects drive (e2e/engines.ts, test-support/cross-engine/),
 * as test-support/ensure-chromium.ts does for Chromium: Debian's Firefox ESR
 * (driven over WebDriver BiDi) and WebKitGTK (WebKitWebDriver with the
 * suite's window, cross-engine/webkit-shell.py, through PyGObject, in a
 * virtual X server). On a Debian/Ubuntu machine running as root it installs
 * the missing packages with apt. FIREFOX_PATH, WEBKIT_WEBDRIVER_PATH and
 * XVFB_PATH point at other builds.
 */

export interface WebKitInstall {
  /** WebKitWebDriver */
  driver: string;
  /** the window the driver starts: webkit-shell.py, once Python can load WebKitGTK */
  browser: string;
  /** Xvfb: WebKitGTK draws into an X display, there is no headless mode */
  xvfb: string;
}

const FIREFOX_CANDIDATES = ["/usr/bin/firefox-esr", "/usr/bin/firefox"];
const WEBKIT_DRIVER_CANDIDATES = ["/usr/bin/WebKitWebDriver"];
const XVFB_CANDIDATES = ["/usr/bin/Xvfb"];
const WEBKIT_SHELL = fileURLToPath(new URL("cross-engine/webkit-shell.py", import.meta.url));
/** What webkit-shell.py imports: Debian's Python with GObject's bindings of GTK 3 and WebKitGTK 4.1. */
const SHELL_PACKAGES = ["python3-gi", "gir1.2-webkit2-4.1"];
/** WebKitGTK's video plays through GStreamer: without these plugins no .mp4 or .webm decodes. */
const MEDIA_PACKAGES = ["gstreamer1.0-plugins-base", "gstreamer1.0-plugins-good", "gstreamer1.0-libav"];

const FIREFOX_HINT =
  "Install Firefox and try again: on Debian `sudo apt-get install -y --no-install-recommends firefox-esr`, " +
  "elsewhere set FIREFOX_PATH to a Firefox (115 or later, for WebDriver BiDi).";
const WEBKIT_HINT =
  "Install WebKitGTK's driver and Xvfb and try again: on Debian/Ubuntu " +
  `\`sudo apt-get install -y --no-install-recommends webkit2gtk-driver xvfb ${[...SHELL_PACKAGES, ...MEDIA_PACKAGES].join(" ")}\`, ` +
  "elsewhere set WEBKIT_WEBDRIVER_PATH and XVFB_PATH (and give /usr/bin/python3 PyGObject and WebKit2 4.1).";

/** webkit-shell.py's path, when its Python loads GTK 3 and WebKitGTK 4.1. */
function findShell(): Promise<string | undefined> {
  const probe = 'import gi; gi.require_version("Gtk", "3.0"); gi.require_version("WebKit2", "4.1")';
  return new Promise((resolve) =>
    execFile("/usr/bin/python3", ["-c", probe], (error) => resolve(error ? undefined : WEBKIT_SHELL)),
  );
}

/** The path of a Firefox that speaks WebDriver BiDi; installs Debian's firefox-esr when it can. */
export function ensureFirefox(): Promise<string> {
  return ensureExecutable("ensure-engines", {
    what: "Firefox",
    envName: "FIREFOX_PATH",
    candidates: FIREFOX_CANDIDATES,
    packages: ["firefox-esr"],
    hint: FIREFOX_HINT,
  });
}

async function findWebKit(): Promise<Partial<WebKitInstall>> {
  return {
    driver:
      (await executableFromEnv("WEBKIT_WEBDRIVER_PATH", WEBKIT_HINT)) ??
      (await firstExecutable(WEBKIT_DRIVER_CANDIDATES)),
    browser: await findShell(),
    xvfb: (await executableFromEnv("XVFB_PATH", WEBKIT_HINT)) ?? (await firstExecutable(XVFB_CANDIDATES)),
  };
}

function isComplete(install: Partial<WebKitInstall>): install is WebKitInstall {
  return Boolean(install.driver && install.browser && install.xvfb);
}

/** WebKitWebDriver, the shell and Xvfb; installs Debian's packages (and GStreamer's codecs) when it can. */
export async function ensureWebKit(): Promise<WebKitInstall> {
  let found = await findWebKit();
  if (isComplete(found)) return found;
  if (await canInstallPackages()) {
    const packages = [
      ...(found.driver ? [] : ["webkit2gtk-driver"]),
      ...(found.browser ? [] : SHELL_PACKAGES),
      ...(found.xvfb ? [] : ["xvfb"]),
      ...MEDIA_PACKAGES,
    ];
    console.info(`ensure-engines: installing ${packages.join(", ")}`);
    await aptInstall("ensure-engines", packages);
    found = await findWebKit();
    if (isComplete(found)) return found;
  }
  const missing = (["driver", "browser", "xvfb"] as const).filter((key) => !found[key]);
  throw new Error(`WebKit is not complete here (missing: ${missing.join(", ")}). ${WEBKIT_HINT}`);
}

/**
 * Set (to "1") by run-e2e for the stage that runs the engines' Playwright projects: playwright.config.ts defines
 * them only then, so that no other run (a filtered `npm run test:e2e -- --grep ...`, a bare `npx playwright test`)
 * starts Firefox and WebKit beside other tests or without the engines installed first.
 */
export const ENGINES_STAGE_VARIABLE = "E2E_ENGINES_STAGE";
