import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Builder, By, type WebDriver, type WebElement } from "selenium-webdriver";
import { freePort } from "../../tools/processes";
import type { WebKitInstall } from "../ensure-engines";
import { drainCollectedErrors, installErrorCollector, sleep, withTimeLimit, type EnginePage } from "./engine-page";

/**
 * WebKitGTK driven by WebKitWebDriver (W3C WebDriver classic; this driver
 * speaks no BiDi and reports no console) in a bare window of the suite's
 * (webkit-shell.py: MiniBrowser runs no script of ours before the page's),
 * drawn into its own Xvfb display. Errors are collected in the page from
 * `load` on, plus the load's CSP violations (engine-page.ts,
 * installErrorCollector).
 */

/** Starts Xvfb on a display it picks itself (-displayfd), so parallel runs never collide. */
function startXvfb(binary: string): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"], {
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    });
    let output = "";
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.stdio[3]?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve({ display: `:${output.trim()}`, process: child });
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`Xvfb exited (${code}) before it had a display: ${errors.trim()}`)));
  });
}

async function waitForDriver(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${driver.exitCode}`);
    const ready = await fetch(`${url}/status`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    await sleep(100);
  }
  throw new Error("WebKitWebDriver did not answer within 10 s");
}

/**
 * WebKitGTK 2.50 with Debian 12's GStreamer (1.22) deadlocks its web process when a looping video seeks back
 * to its start while other videos play: the main thread waits for ever on a GStreamer lock in
 * `gst_element_send_event` (seen with gdb), and every later command times out. The home page at 1280 px,
 * its gallery's videos playing, hung 5 runs of 6 that way (with either playbin). The suite turns looping off
 * (they stop on their last frame); an iPhone's WebKit plays through AVFoundation, not GStreamer.
 *
 * It does so from each document's start (webkit-shell.py's init script), before the page's own scripts can play
 * a clip. It did so at `load` once, from the driver, and the about page's two 3-second clips in view at 1280 px
 * had played 2.04 and 2.61-2.83 s by then (load at 3.4-3.7 s): two fresh clones' runs in a row lost the web
 * process while opening /about at 1280 px (`unknownDriverError` below), a slower load having let one loop
 * first; 338 runs of the same checks on a quiet machine never did. Tried before the shell and reverted: the
 * page load strategy "eager" (WebKitWebDriver 2.50 then lets the next command wait out the page-load limit),
 * "none" with `open` waiting for the new page itself (a whole run then hung twice in `open("/")`), and the
 * site starting its clips at `load` (their pipelines then start under the check's clicks: one hang in 8 runs).
 *
 * Why the load comes so late (measured 4 Dec 2026 with listeners put into a copy of /about): the GStreamer
 * port keeps a `preload="none"` video "loading" (fixed upstream after 2.50: WebKit pull request 56561), so each
 * video the page does not play holds the load event until its 3-second stall timer fires (`stalled` at
 * 3.70-3.84 s, `load` at 3.84 s; with no video the load came at 0.14 s).
 */
const STOP_VIDEO_LOOPS = `
new MutationObserver((changes) => {
  for (const change of changes)
    for (const node of change.addedNodes) {
      if (node.matches?.("video")) node.loop = false;
      node.querySelectorAll?.("video").forEach((video) => { video.loop = false; });
    }
}).observe(document, { childList: true, subtree: true });`;

/**
 * The longest a command may take: past the driver's own limits (a page load 30 s, a script 20 s), for what they
 * do not bound. A click waits for the web process, and a deadlocked one (above) never answers: the check then
 * fails naming the command, not at the test's time limit.
 */
const COMMAND_LIMIT_MS = 40_000;

/**
 * WebKitWebDriver answers "unknown error" with no message when the web process is gone mid-command (a probe that
 * killed it during a `get` met exactly that; the next command then finds the session deleted "because of page
 * crash or hang"): the check says so instead of an empty WebDriverError.
 */
function unknownDriverError(what: string, error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== "WebDriverError" || error.message !== "") return error;
  return new Error(`webkit: ${what}: the web process crashed or was ended as hung (the driver's unknown error)`, {
    cause: error,
  });
}

function limited<T>(what: string, command: () => Promise<T>): Promise<T> {
  return withTimeLimit(
    command().catch((error: unknown) => Promise.reject(unknownDriverError(what, error))),
    COMMAND_LIMIT_MS,
    `webkit: ${what}`,
  );
}

/** The display, the shell's init script and WebKitWebDriver on a free port; `stopAll` stops them all again. */
async function startDriverProcess(install: WebKitInstall) {
  const xvfb = await startXvfb(install.xvfb);
  const scriptDir = await mkdtemp(path.join(tmpdir(), "webkit-shell-"));
  const initScript = path.join(scriptDir, "init.js");
  await writeFile(initScript, STOP_VIDEO_LOOPS);
  const port = await freePort();
  const driverProcess = spawn(install.driver, [`--port=${port}`, "--host=local"], {
    env: {
      ...process.env,
      DISPLAY: xvfb.display,
    },
    stdio: "ignore",
  });
  const stopAll = async () => {
    driverProcess.kill("SIGTERM");
    xvfb.process.kill("SIGTERM");
    await rm(scriptDir, { recursive: true, force: true });
  };
  return { port, driverProcess, initScript, stopAll };
}

/** A WebDriver session with the shell, its time limits set, and WebKitGTK's version. */
async function startSession(serverUrl: string, install: WebKitInstall, initScript: string, scripts: boolean) {
  const driver = await new Builder()
    .usingServer(serverUrl)
    .withCapabilities({
      // the name the shell gives the driver
      browserName: "webkit-shell",
      "webkitgtk:browserOptions": {
        binary: install.browser,
        args: ["--automation", "--init-script", initScript, ...(scripts ? [] : ["--enable-javascript=false"])],
      },
    })
    .build();
  // a page that never finishes loading, or a script that never returns, fails its check instead of hanging it
  await driver.manage().setTimeouts({ pageLoad: 30_000, script: 20_000 });
  // WebKitGTK's version, as the shell tells the driver
  const version = `WebKitGTK ${String((await driver.getCapabilities()).get("browserVersion") ?? "unknown")}`;
  return { driver, version };
}

/** The page's inner size, or null while WebKitGTK answers a zero one (seen right after a resize). */
async function readInnerSize(driver: WebDriver): Promise<[number, number] | null> {
  const size = (await driver.executeScript("return [innerWidth, innerHeight]")) as [number, number] | null;
  return size && size[0] > 0 && size[1] > 0 ? size : null;
}

/**
 * Sizes the window so that the page gets `width` x `height`. The window can hold more than the page, and
 * setRect answers before the page has its new size: a size read then can be the previous one's
 * (a correction computed from it asked 1161 x 1216 for 768 x 1024). So each try waits for the exact
 * size, and only a size read after that wait corrects that allowance. Returns the allowance.
 */
async function fitViewport(
  driver: WebDriver,
  width: number,
  height: number,
  allowance: { width: number; height: number },
): Promise<{ width: number; height: number }> {
  let chrome = allowance;
  // written by the wait's condition, so held in an object: a `let` would read as never assigned
  const read: { size: [number, number] | null } = { size: null };
  for (let attempt = 0; attempt < 4; attempt++) {
    await driver
      .manage()
      .window()
      .setRect({ x: 0, y: 0, width: width + chrome.width, height: height + chrome.height });
    const fitted = await driver
      .wait(async () => {
        read.size = await readInnerSize(driver);
        return read.size?.[0] === width && read.size[1] === height;
      }, 2_000)
      .then(
        () => true,
        () => false,
      );
    if (fitted) return chrome;
    if (read.size)
      chrome = { width: chrome.width + width - read.size[0], height: chrome.height + height - read.size[1] };
  }
  throw new Error(`WebKit's page is ${read.size?.join("x") ?? "of no size"}, not ${width}x${height}, after 4 tries`);
}

/** selenium-webdriver's wheel action (lib/input.js `Actions#scroll`), missing from @types/selenium-webdriver. */
interface WheelActions {
  scroll(x: number, y: number, deltaX: number, deltaY: number, origin: WebElement): { perform(): Promise<void> };
}

/** What a check does in the page, each command within COMMAND_LIMIT_MS. */
function pageCommands(
  driver: WebDriver,
  origin: string,
): Pick<EnginePage, "open" | "evaluate" | "click" | "hover" | "wheel"> {
  /** The first element matching `selector`, scrolled to the window's middle. */
  const centred = async (selector: string) => {
    const element = await driver.findElement(By.css(selector));
    // the driver scrolls an element only to the viewport's edge, where the sticky header can cover it
    await driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", element);
    return element;
  };
  return {
    open(pagePath) {
      return limited(`opening ${pagePath}`, async () => {
        await driver.get(new URL(pagePath, origin).href);
        await driver.executeScript(installErrorCollector);
      });
    },
    evaluate(fn, ...args) {
      // WebDriver calls a function script with `arguments`; a returned promise is awaited by the driver
      return limited(
        "a script",
        async () => (await driver.executeScript(`return (${fn.toString()}).apply(null, arguments);`, ...args)) as never,
      );
    },
    click(selector) {
      return limited(`a click on ${selector}`, async () => (await centred(selector)).click());
    },
    hover(selector) {
      return limited(`hovering ${selector}`, async () => {
        const element = await centred(selector);
        await driver.actions().move({ origin: element }).perform();
      });
    },
    wheel(selector, deltaY) {
      return limited(`a wheel over ${selector}`, async () => {
        const element = await driver.findElement(By.css(selector));
        // from the element's middle (WebDriver's wheel action scrolls what is under that point); selenium has
        // `scroll` since 4.2, its types do not
        const actions = driver.actions() as unknown as WheelActions;
        await actions.scroll(0, 0, 0, deltaY, element).perform();
      });
    },
  };
}

/** `scripts: false`: the page's own scripts never run (WebKit's setting; the driver's scripts still do). */
export async function launchWebKit(
  install: WebKitInstall,
  origin: string,
  { scripts = true }: { scripts?: boolean } = {},
): Promise<EnginePage> {
  const { port, driverProcess, initScript, stopAll } = await startDriverProcess(install);
  const serverUrl = `http://127.0.0.1:${port}`;
  const { driver, version } = await waitForDriver(serverUrl, driverProcess)
    .then(() => startSession(serverUrl, install, initScript, scripts))
    .catch(async (error: unknown) => {
      await stopAll();
      throw error;
    });
  // what the window needs beyond the page's size (none without a window manager), learnt by the first fit
  let frameAllowance = { width: 0, height: 0 };

  return {
    engine: "webkit",
    version,
    async setViewport(width, height) {
      frameAllowance = await fitViewport(driver, width, height, frameAllowance);
    },
    ...pageCommands(driver, origin),
    async screenshot(file) {
      await writeFile(file, await driver.takeScreenshot(), "base64");
    },
    async takeErrors() {
      return (await driver.executeScript(drainCollectedErrors)) as string[];
    },
    async close() {
      try {
        // a hung web process can keep the driver from answering: the driver and the display are stopped anyway,
        // and the shell ends with its display
        await withTimeLimit(driver.quit(), 10_000, "quitting WebKitWebDriver");
      } finally {
        await stopAll();
      }
    },
  };
}
