import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "@react-router/dev/config";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import siteUserConfig from "../react-router.config";
import {
  FIXTURE_FUTURE,
  ITEM_LOADER_RUNS,
  STEPS_FILE,
  type BuildStep,
} from "./test/fixtures/react-router-site/build-record";
import { deferHydration } from "./defer-hydration";
import { attribute, parseHtml, scriptType } from "./html";
import { islandsEdits } from "./islands";
import { ROUTE_MODULE_FAILURE_HOOK } from "../app/components/route-chunk-reload/route-module-failure-hook";
import { contentTypeOf } from "../release/served-files";

/**
 * One test per place where the site relies on how React Router works
 * inside rather than on its documented API (docs/react-router-couplings.md).
 * A tiny site (pipeline/test/fixtures/react-router-site) is built with the
 * installed @react-router/dev and the site's own build plugins, and the
 * tests look at what that build did and wrote, and render with its kept
 * server bundle the way live-update/render-pages.ts and
 * pipeline/not-found-pages.ts do. Each failure names its entry in the doc.
 */

const DOC = "docs/react-router-couplings.md";
const entry = (anchor: string) => `${DOC}#${anchor}`;

const repo = path.resolve(import.meta.dirname, "..");
const fixtureRoot = path.join(import.meta.dirname, "test/fixtures/react-router-site");
const buildDir = path.join(repo, ".cache", `react-router-couplings-${process.pid}`);
const clientDir = path.join(buildDir, "client");
const rendererFile = path.join(buildDir, "renderer", "index.js");

/** The paths the fixture's config lists to prerender. */
const PRERENDERED = ["/", "/page", "/items/known"];

interface ServerBuild {
  prerender: string[];
  routes: Record<string, unknown>;
}

type Handler = (request: Request) => Promise<Response>;

function buildFixture(): Promise<void> {
  // from the fixture's folder: Vite names the server entry in its manifest relative to the working directory
  const child = spawn(path.join(repo, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: fixtureRoot,
    env: { ...process.env, REACT_ROUTER_FIXTURE_BUILD: buildDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`the fixture's react-router build failed (${code}):\n${output}`)),
    );
  });
}

function steps(): BuildStep[] {
  return readFileSync(path.join(buildDir, STEPS_FILE), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as BuildStep);
}

function step(name: BuildStep["step"]): BuildStep {
  const found = steps().find((record) => record.step === name);
  if (!found) throw new Error(`the fixture's build did not record its ${name} step`);
  return found;
}

function clientFile(relative: string): string {
  return readFileSync(path.join(clientDir, relative), "utf8");
}

function clientAssets(): string[] {
  return readdirSync(path.join(clientDir, "assets"));
}

/** The client build's JavaScript, all chunks in one string. */
function clientScripts(): string {
  return clientAssets()
    .filter((file) => file.endsWith(".js"))
    .map((file) => clientFile(`assets/${file}`))
    .join("\n");
}

const siteConfig: Config = siteUserConfig;

/** The site's future flags, its presets' included (the user config's own win, as in React Router). */
async function siteFutureFlags(): Promise<Config["future"]> {
  let future: Config["future"] = {};
  for (const preset of siteConfig.presets ?? []) {
    const fromPreset = await preset.reactRouterConfig?.({ reactRouterUserConfig: siteConfig });
    future = { ...future, ...fromPreset?.future };
  }
  return { ...future, ...siteConfig.future };
}

/** The project's package files before the fixture's build, which must leave them as they are. */
const PACKAGE_FILES = ["package.json", "package-lock.json"];
let packageFilesBefore: string[] = [];

beforeAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
  packageFilesBefore = PACKAGE_FILES.map((file) => readFileSync(path.join(repo, file), "utf8"));
  await buildFixture();
}, 240_000);

afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
});

describe("the build (@react-router/dev)", () => {
  it("leaves the project's package files alone (the fixture has a server entry of its own)", () => {
    // React Router's default entry would add `isbot` to the project's package.json and install it
    expect(
      PACKAGE_FILES.map((file) => readFileSync(path.join(repo, file), "utf8")),
      "the fixture builds with a server entry of its own (its app/entry.server.tsx)",
    ).toEqual(packageFilesBefore);
  });

  it("builds the fixture with the site's future flags", async () => {
    expect(
      FIXTURE_FUTURE,
      `${entry("data-file-names")}: FIXTURE_FUTURE (pipeline/test/fixtures/react-router-site/build-record.ts) must be the site's`,
    ).toEqual(await siteFutureFlags());
    expect(siteConfig.ssr).toBe(false);
  });

  it("prerenders in its own writeBundle of the server build, after the site's 'pre' ones", () => {
    const before = step("before-prerender");
    expect(before.serverFiles, `${entry("write-bundle-order")}: the server build is written`).toContain("index.js");
    expect(before.pages, `${entry("write-bundle-order")}: nothing is prerendered yet`).toEqual([]);
    expect(step("build-end").pages, `${entry("write-bundle-order")}: prerendered after it`).toContain("index.html");
  });

  it("deletes its server build after prerendering (ssr: false), which the renderer keeps", () => {
    expect(step("build-end").serverFiles, `${entry("kept-renderer")}: React Router deletes build/server`).toBeNull();
    expect(existsSync(rendererFile), `${entry("kept-renderer")}: renderer/index.js`).toBe(true);
  });

  it("asks prerender.paths twice, of one evaluation of the config, told the resolved config first", () => {
    const records = steps();
    const asked = records.filter((record) => record.step === "prerender-paths");
    expect(
      asked,
      `${entry("config-evaluations")}: pipeline/preset.ts lists the stories once per evaluation`,
    ).toHaveLength(2);
    expect(new Set(asked.map((record) => record.evaluation)).size, entry("config-evaluations")).toBe(1);
    const resolved = records.findIndex(
      (record) => record.step === "config-resolved" && record.evaluation === asked[0]!.evaluation,
    );
    expect(resolved, `${entry("config-evaluations")}: reactRouterConfigResolved before the paths`).toBeGreaterThan(-1);
    expect(resolved).toBeLessThan(records.indexOf(asked[0]!));
  });

  it("runs buildEnd in another evaluation of the config than the one asked for the paths", () => {
    expect(
      step("build-end").evaluation,
      `${entry("config-evaluations")}: if it is the same one now, pipeline/preset.ts could keep its state in memory`,
    ).not.toBe(step("prerender-paths").evaluation);
  });

  it("prerenders in the process whose global object prerender.paths set", () => {
    expect(clientFile("_root.data"), `${entry("shared-process")}: the loaders saw what prerender.paths set`).toContain(
      "set by prerender.paths",
    );
  });

  it("runs buildEnd after every page and the SPA fallback are written", () => {
    expect(step("build-end").pages, entry("build-end-order")).toEqual(
      ["__spa-fallback.html", "index.html", "items/known/index.html", "page/index.html"].sort(),
    );
  });

  it("writes each page's data as {path}.data, and `/`'s as _root.data", () => {
    for (const relative of [
      "_root.data",
      "page.data",
      "items/known.data",
      "page/index.html",
      "items/known/index.html",
    ]) {
      expect(existsSync(path.join(clientDir, relative)), `${entry("data-file-names")}: ${relative}`).toBe(true);
    }
    for (const relative of ["index.data", "_.data", "page/_.data"]) {
      expect(existsSync(path.join(clientDir, relative)), `${entry("data-file-names")}: no ${relative}`).toBe(false);
    }
  });

  it("encodes a page's data so that UNSAFE_decodeViaTurboStream gives back its loader's value", async () => {
    const decoded = await decodeViaTurboStream(new Blob([clientFile("items/known.data")]).stream(), globalThis);
    await decoded.done;
    const routes = decoded.value as Record<string, { data?: { slug?: unknown } } | undefined>;
    expect(routes["routes/item"]?.data?.slug, entry("data-encoding")).toBe("known");
  });

  it("writes the SPA fallback as __spa-fallback.html, rendered down to the root's HydrateFallback", () => {
    const fallback = clientFile("__spa-fallback.html");
    expect(fallback, entry("spa-fallback")).toContain("Loading the page");
    expect(fallback, entry("spa-fallback")).not.toContain("<h1>");
  });

  it("starts a page from modulepreload links and one inline module script, which the build defers", () => {
    const html = clientFile("index.html");
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1]!);
    expect(preloads.length, `${entry("module-script")}: React Router's modulepreload links`).toBeGreaterThan(0);
    const deferred = deferHydration(html);
    expect(deferred, `${entry("module-script")}: pipeline/defer-hydration.ts found its script`).not.toBeNull();
    expect(deferred, `${entry("module-script")}: the preloads left the head`).not.toContain('rel="modulepreload"');
    for (const href of preloads)
      expect(deferred, `${entry("module-script")}: ${href} loads after load`).toContain(href);
  });

  it("hydrates from inline scripts the build can tell apart, and leaves none behind once they are taken out", () => {
    const page = parseHtml(clientFile("index.html"));
    // a page with no behaviour needs no module: everything React Router put there for hydration goes
    const plan = islandsEdits(page, { modules: {}, imports: {} });
    expect(plan.withoutFramework, `${entry("hydration-scripts")}: the page can leave React out`).toBe(true);
    const left = parseHtml(page.edit(plan.edits));
    const scripts = left
      .elementsNamed("script")
      .map((script) => `${scriptType(script)} ${attribute(script, "src") ?? left.contentOf(script).slice(0, 60)}`);
    expect(
      scripts.filter((script) => script.includes("__reactRouter") || script.startsWith("module ")),
      `${entry("hydration-scripts")}: React Router's scripts left the page`,
    ).toEqual([]);
    expect(left.modulePreloads(), `${entry("hydration-scripts")}: and its preloads`).toEqual([]);
  });

  it("has the root route as an entry of the client build, so the first-load chunk forms", () => {
    const firstLoad = clientAssets().find((file) => /^first-load-[\w-]{8}\.js$/.test(file));
    expect(firstLoad, `${entry("first-load-chunk")}: assets/first-load-*.js`).toBeDefined();
    expect(clientFile("index.html"), entry("first-load-chunk")).toContain(`/assets/${firstLoad}`);
  });

  it("names every script and style it emits under assets/ with a content hash", () => {
    const files = readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.(js|css)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file, entry("hashed-assets")).toMatch(/^assets\/[\w.-]+-[\w-]{8}\.(js|css)$/);
  });

  it("ships loadRouteModule's reload handed to the site", () => {
    const scripts = clientScripts();
    expect(scripts, `${entry("route-module-reload")}: React Router's own message`).toContain(
      "Error loading route module",
    );
    expect(scripts, `${entry("route-module-reload")}: the site's hook`).toContain(
      `window.${ROUTE_MODULE_FAILURE_HOOK}?window.${ROUTE_MODULE_FAILURE_HOOK}(`,
    );
  });

  it("keeps its data router on window.__reactRouterDataRouter", () => {
    expect(clientScripts(), entry("data-router-global")).toMatch(/window\.__reactRouterDataRouter=/);
  });

  it("names routes by their file under app/, and the root route root", async () => {
    const build = (await import(pathToFileURL(rendererFile).href)) as ServerBuild;
    expect(Object.keys(build.routes).sort(), entry("route-ids")).toEqual(
      ["root", "routes/home", "routes/item", "routes/page"].sort(),
    );
  });
});

describe("the browser runtime (react-router)", () => {
  /** loadRouteModule as the installed react-router ships it to browsers. */
  function installedLoadRouteModule(): string {
    const dir = path.join(repo, "node_modules/react-router/dist/production");
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".mjs"))) {
      const code = readFileSync(path.join(dir, file), "utf8");
      const start = code.indexOf("async function loadRouteModule(");
      if (start !== -1) return code.slice(start, code.indexOf("\n}\n", start));
    }
    throw new Error(`${entry("route-module-reload")}: react-router no longer defines loadRouteModule`);
  }

  it("reloads the page a navigation started from when a route module fails to import", () => {
    const body = installedLoadRouteModule();
    expect(body, entry("route-module-reload")).toContain("window.location.reload();");
    // if React Router ever loads the navigation's target itself, pipeline/route-module-failure.ts can go
    expect(body, entry("route-module-reload")).not.toMatch(
      /sessionStorage|location\.(assign|replace)|location\.href =/,
    );
  });
});

describe("rendering with the kept renderer, as live updates and the English fallback do", () => {
  let build: ServerBuild;
  let handle: Handler;

  beforeAll(async () => {
    build = (await import(pathToFileURL(rendererFile).href)) as ServerBuild;
    handle = createRequestHandler(build as never, "production") as Handler;
  });

  const loaderRuns = () => ((globalThis as Record<symbol, number | undefined>)[ITEM_LOADER_RUNS] ?? 0) as number;
  const request = (pagePath: string, headers?: HeadersInit) =>
    handle(new Request(`http://localhost${pagePath}`, { headers }));

  it("exports the paths to prerender as build.prerender", () => {
    expect(build.prerender, entry("prerender-list")).toEqual(PRERENDERED);
  });

  it("refuses a path missing from build.prerender, and renders it once it is pushed there", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await request("/items/new.data")).status, `${entry("prerender-list")}: not listed`).toBe(404);
      expect(String(logged.mock.calls[0]?.[0]?.data), entry("prerender-list")).toMatch(/^Refusing to SSR the path/);
    } finally {
      logged.mockRestore();
    }
    build.prerender.push("/items/new");
    try {
      const answer = await request("/items/new.data");
      expect(answer.status, `${entry("prerender-list")}: listed`).toBe(200);
      expect(await answer.text(), entry("prerender-list")).toContain('"new"');
    } finally {
      build.prerender.splice(build.prerender.indexOf("/items/new"), 1);
    }
  });

  it("renders a page from the data it is handed under IS_RR_BUILD_REQUEST, without running its loader again", async () => {
    const previous = process.env.IS_RR_BUILD_REQUEST;
    try {
      process.env.IS_RR_BUILD_REQUEST = "yes";
      const data = await (await request("/items/known.data")).text();
      const runs = loaderRuns();
      const page = await request("/items/known/", { "X-React-Router-Prerender-Data": encodeURI(data) });
      expect(page.status).toBe(200);
      expect(loaderRuns(), `${entry("prerender-data-header")}: the data was taken from the header`).toBe(runs);
      expect(await page.text(), entry("prerender-data-header")).toContain(`run <!-- -->${runs}`);

      delete process.env.IS_RR_BUILD_REQUEST;
      await request("/items/known/", { "X-React-Router-Prerender-Data": encodeURI(data) });
      expect(loaderRuns(), `${entry("prerender-data-header")}: without the variable the header is ignored`).toBe(
        runs + 1,
      );
    } finally {
      if (previous === undefined) delete process.env.IS_RR_BUILD_REQUEST;
      else process.env.IS_RR_BUILD_REQUEST = previous;
    }
  });

  it("answers a path it did not prerender with the SPA fallback, in that path's shell", async () => {
    const answer = await request("/items/unknown");
    expect(answer.status, entry("spa-fallback")).toBe(200);
    const html = await answer.text();
    expect(html, entry("spa-fallback")).toContain("Loading the page");
    expect(html, entry("spa-fallback")).not.toContain("<h1>");
  });

  it("answers .data as text/x-script, as the site's servers do", async () => {
    const answer = await request("/_root.data");
    expect(answer.headers.get("content-type"), entry("data-file-names")).toBe(
      contentTypeOf("_root.data").split(";")[0],
    );
  });
});
