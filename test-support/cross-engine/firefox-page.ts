import puppeteer, { type Browser, type Page } from "puppeteer-core";
import type { EnginePage } from "./engine-page";

/** Firefox itself, headless, with a fresh profile that phones nowhere. */
function launchBrowser(executablePath: string, scripts: boolean): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    executablePath,
    headless: true,
    // nothing phones home in a test run
    extraPrefsFirefox: {
      "app.update.enabled": false,
      "browser.shell.checkDefaultBrowser": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      "toolkit.telemetry.enabled": false,
      "network.captive-portal-service.enabled": false,
      ...(scripts ? {} : { "javascript.enabled": false }),
    },
  });
}

/**
 * Firefox (Debian's ESR) over WebDriver BiDi with puppeteer-core: a fresh
 * profile per launch, headless. The console and uncaught errors come from
 * the protocol, so errors before `load` count too; Firefox reports a CSP
 * violation there as an uncaught error.
 */
/** `scripts: false`: the page's own scripts never run (Firefox's javascript.enabled; the protocol's still do). */
export async function launchFirefox(
  executablePath: string,
  origin: string,
  { scripts = true }: { scripts?: boolean } = {},
): Promise<EnginePage> {
  const browser = await launchBrowser(executablePath, scripts);
  // puppeteer reports "firefox/<version>"
  const version = `Firefox ${(await browser.version()).split("/").at(-1) ?? "unknown"}`;
  const page: Page = await browser.newPage();
  let errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));

  return {
    engine: "firefox",
    version,
    setViewport: (width, height) => page.setViewport({ width, height }),
    async open(path) {
      // Leaving a page aborts what it was loading (a link's prefetch started by hover imports a route module,
      // and React Router logs the aborted import as an error): the old page is left first, its errors dropped.
      const from = page.url();
      // (the page once pulled the tab back to itself here: its chunk-error recovery took the loads Firefox aborts
      // on leaving for failed code, app/components/route-chunk-reload)
      await page.goto("about:blank", { waitUntil: "load" }).catch((error: unknown) => {
        throw new Error(`leaving ${from}: ${String(error).slice(0, 300)}`);
      });
      errors = [];
      const url = new URL(path, origin).href;
      try {
        await page.goto(url, { waitUntil: "load", timeout: 30_000 });
      } catch (error) {
        throw new Error(`opening ${url} (from ${page.url()}): ${String(error).slice(0, 300)}`);
      }
    },
    evaluate(fn, ...args) {
      return page.evaluate(fn as (...values: unknown[]) => unknown, ...args) as never;
    },
    click: (selector) => page.click(selector),
    hover: (selector) => page.hover(selector),
    async wheel(selector, deltaY) {
      await page.hover(selector);
      await page.mouse.wheel({ deltaY });
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    takeErrors: async () => errors.splice(0),
    close: () => browser.close(),
  };
}
