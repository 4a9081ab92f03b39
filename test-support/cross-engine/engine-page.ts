/**
 * What a cross-engine check does with a page, whichever engine shows it:
 * puppeteer-core drives Firefox over WebDriver BiDi (firefox-page.ts),
 * selenium-webdriver drives WebKitGTK through WebKitWebDriver
 * (webkit-page.ts). Kept to what both protocols do alike.
 */
export interface EnginePage {
  /** "firefox" or "webkit" */
  readonly engine: string;
  /** The browser's version as its driver reports it (the bench's report names it). */
  readonly version: string;
  /** Sets the CSS viewport (the window, where the engine has no viewport of its own). */
  setViewport(width: number, height: number): Promise<void>;
  /** Loads a path of the site and resolves once `load` has fired. */
  open(path: string): Promise<void>;
  /** Runs a function in the page (its arguments and result cross as JSON); awaits a returned promise. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A real click (pointer input from the driver) on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Moves the driver's pointer onto the middle of the first element matching `selector` (`:hover`). */
  hover(selector: string): Promise<void>;
  /** Turns the driver's wheel by `deltaY` CSS px with the pointer on the middle of the first element matching `selector`. */
  wheel(selector: string, deltaY: number): Promise<void>;
  /** PNG of the viewport. */
  screenshot(file: string): Promise<void>;
  /** Console errors, uncaught errors and CSP violations since the last call (and the last `open`). */
  takeErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects when `work` takes longer than `ms`: a hung engine fails what waits on it instead of hanging it. */
export function withTimeLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Installed in the page right after it has loaded, for engines whose driver
 * reports no console (WebKitWebDriver): uncaught errors, rejections and
 * console.error from then on, and the CSP violations of the whole load
 * (a buffered ReportingObserver sees those from before it existed).
 */
export function installErrorCollector(): void {
  const page = window as unknown as { __engineErrors?: string[] };
  if (page.__engineErrors) return;
  const errors: string[] = [];
  page.__engineErrors = errors;
  window.addEventListener("error", (event) => errors.push(`uncaught: ${event.message}`));
  window.addEventListener("unhandledrejection", (event) => errors.push(`unhandled rejection: ${String(event.reason)}`));
  document.addEventListener("securitypolicyviolation", (event) =>
    errors.push(`CSP: ${event.violatedDirective} ${event.blockedURI}`),
  );
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    errors.push(`console.error: ${args.map(String).join(" ")}`);
    original(...args);
  };
  if (typeof ReportingObserver === "function") {
    new ReportingObserver(
      (reports) => {
        for (const report of reports) errors.push(`report ${report.type}: ${JSON.stringify(report.body)}`);
      },
      { types: ["csp-violation"], buffered: true },
    ).observe();
  }
}

/** Empties and returns what installErrorCollector collected. */
export function drainCollectedErrors(): string[] {
  const page = window as unknown as { __engineErrors?: string[] };
  return page.__engineErrors?.splice(0) ?? [];
}
