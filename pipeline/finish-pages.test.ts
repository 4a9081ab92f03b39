import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MANIFEST_FILE, type HeadersManifest, type PolicyInputs } from "../release/headers-manifest";
import { documentSecurityPolicy, inlineStyles, withPolicyMeta } from "./csp";
import { CriticalCssError, createStylesheets } from "./critical-css";
import { DeferHydrationError, deferHydration } from "./defer-hydration";
import { preparePage, preparePagesInBuild, styledPage, type PageStyles } from "./finish-pages";
import * as html from "./html";
import { HeadScriptError, addHeadScript, headScript } from "./head-script";
import { PageWorkers } from "./page-workers";
import { writeSecurityHeaders } from "./security-headers";
import { tempDirOfTests } from "../test-support/temp-dir";

// the parser as it is, its calls counted
vi.mock("./html", async (importOriginal) => {
  const original = await importOriginal<typeof html>();
  return { ...original, parseHtml: vi.fn(original.parseHtml) };
});

const MODULE_SCRIPT = [
  'import "/assets/manifest-e45b4aee.js";',
  'import * as route0 from "/assets/root-Ch-I0L6m.js";',
  '  window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-BCqgvc-G.js");',
].join("\n");

/** A page in the shape React Router prerenders, with `text` in its body (long enough to be worth compressing). */
function page(text: string): string {
  return [
    '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
    '<link rel="modulepreload" href="/assets/manifest-e45b4aee.js"/><link rel="stylesheet" href="/assets/root-a1.css"/></head>',
    `<body><main><h1 class="used">${text}</h1><p>${"Gestaltung für Menschen. ".repeat(60)}</p></main>`,
    '<script>window.__reactRouterContext = {"basename":"/"};</script>',
    `<script type="module" async="">${MODULE_SCRIPT}</script></body></html>`,
  ].join("");
}

const ROOT_CSS = ".used{color:#111}\n.unused{color:red}";
const FONT_FACES = '@font-face {\n  font-family: "Epilogue Subset";\n  src: url(/assets/epilogue-subset-x.woff2);\n}';

const dir = tempDirOfTests("finish-pages-");
let script: string;

async function put(relative: string, html: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir(), relative)), { recursive: true });
  await writeFile(path.join(dir(), relative), html);
}
const read = (relative: string) => readFile(path.join(dir(), relative), "utf8");

beforeEach(async () => {
  script = await headScript();
  await put("assets/root-a1.css", ROOT_CSS);
});

describe("preparePagesInBuild (the first pass)", () => {
  it("adds the loader to every page and the SPA fallback, defers every page but the SPA fallback, leaves assets/ alone", async () => {
    await put("index.html", page("Start"));
    await put("about/index.html", page("Über ‰"));
    await put("__spa-fallback.html", page(""));
    await put("assets/stray.html", page("Ŧ"));
    const prepared = await preparePagesInBuild(dir(), script);
    expect(prepared).toMatchObject({ withHeadScript: 3, deferred: 2 });
    expect(await read("index.html")).toBe(deferHydration(addHeadScript(page("Start"), script)));
    expect(await read("about/index.html")).toBe(deferHydration(addHeadScript(page("Über ‰"), script)));
    expect(await read("__spa-fallback.html")).toBe(addHeadScript(page(""), script));
    expect(await read("assets/stray.html")).toBe(page("Ŧ"));
    // every HTML file's characters, as the subset has always read them
    for (const character of "Über‰Ŧ") expect(prepared.characters.has(character.codePointAt(0)!), character).toBe(true);
    expect(prepared.characters.has("€".codePointAt(0)!)).toBe(false);

    // run again by hand, it finds every page done
    const again = await preparePagesInBuild(dir(), script);
    expect(again).toMatchObject({ withHeadScript: 0, deferred: 0 });
    expect(await read("index.html")).toBe(deferHydration(addHeadScript(page("Start"), script)));
  });

  it("names the page a step failed on", async () => {
    await put("index.html", page("Start").replace("import * as route0", "import { route0 }"));
    const deferring = preparePagesInBuild(dir(), script);
    await expect(deferring).rejects.toThrow(DeferHydrationError);
    await expect(deferring).rejects.toThrow(/^index\.html: /);
    await put("index.html", "<p>no head</p>");
    await expect(preparePagesInBuild(dir(), script)).rejects.toThrow(HeadScriptError);
  });

  it("is what the live update does to one page", () => {
    expect(preparePage("articles/a/index.html", page("A"), script)).toBe(
      deferHydration(addHeadScript(page("A"), script)),
    );
    expect(preparePage("__spa-fallback.html", page(""), script)).toBe(addHeadScript(page(""), script));
  });

  it("parses each page once for both its edits", () => {
    vi.mocked(html.parseHtml).mockClear();
    preparePage("articles/a/index.html", page("A"), script);
    expect(html.parseHtml).toHaveBeenCalledOnce();
  });
});

describe("styledPage (the second pass)", () => {
  const stylesOf = (): PageStyles => ({
    stylesheets: createStylesheets({ clientDir: dir() }),
    clientDir: dir(),
    fontFaces: FONT_FACES,
  });

  it("inlines a page's styles after the subset's faces, and leaves the SPA fallback and its copies alone", async () => {
    const styles = stylesOf();
    const styled = await styledPage("about/index.html", page("Über"), styles);
    const [style] = inlineStyles(styled);
    expect(style).toContain(".used{color:#111}");
    // the whole stylesheet, not only what the page's markup uses (decision 0016)
    expect(style).toContain(".unused{color:red}");
    expect(style!.startsWith(FONT_FACES)).toBe(true);
    for (const fallback of ["__spa-fallback.html", "articles/404.html", "en/articles/404.html"]) {
      expect(await styledPage(fallback, page(""), styles), fallback).toBe(page(""));
    }
    // the not-found page is a prerendered page like the others
    expect(inlineStyles(await styledPage("404.html", page("Nicht gefunden"), styles))).toHaveLength(1);
  });

  it("names the page it failed on", async () => {
    const twice = page("x").replace("</head>", "<style>p{}</style></head>");
    const styling = styledPage("en/index.html", twice, stylesOf());
    await expect(styling).rejects.toThrow(CriticalCssError);
    await expect(styling).rejects.toThrow(/^en\/index\.html: /);
  });
});

describe("writeSecurityHeaders with the second pass's steps", () => {
  const inputs: PolicyInputs = { mode: "production", apiOrigin: "https://api.example", assetOrigins: [] };
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("styles each page before hashing it", async () => {
    await put("index.html", page("Start"));
    await put("__spa-fallback.html", page(""));
    await put("articles/404.html", page(""));
    const styles = { stylesheets: createStylesheets({ clientDir: dir() }), clientDir: dir(), fontFaces: null };
    const result = await writeSecurityHeaders(dir(), inputs, { styles });

    expect(result.styled.pages).toBe(1);
    expect(result.styled.bytes).toBe(inlineStyles(await read("index.html"))[0]!.length);
    // the SPA fallback renders on the client: no critical CSS, only its policy
    expect(inlineStyles(await read("__spa-fallback.html"))).toEqual([]);
    const manifest = JSON.parse(await read(MANIFEST_FILE)) as HeadersManifest;
    // the inline style is in the page's policy: the page was hashed as it is served
    const style = inlineStyles(await read("index.html"))[0]!;
    expect(manifest.documents["index.html"]).toContain(sha256(style));
    expect(manifest.documents["__spa-fallback.html"]).not.toContain(sha256(style));
  });

  it("parses each page once for its styles, its policy and its links, and serves what the steps one by one would", async () => {
    const prerendered = page("Start").replace("<p>", '<p><a href="/articles/tidewater">x</a>');
    await put("index.html", prerendered);
    const styles = { stylesheets: createStylesheets({ clientDir: dir() }), clientDir: dir(), fontFaces: FONT_FACES };
    vi.mocked(html.parseHtml).mockClear();
    const result = await writeSecurityHeaders(dir(), inputs, { styles });
    expect(html.parseHtml).toHaveBeenCalledOnce();

    const styled = await styledPage("index.html", prerendered, styles);
    const policy = documentSecurityPolicy(inputs, styled);
    expect(await read("index.html")).toBe(withPolicyMeta(styled, policy));
    const manifest = JSON.parse(await read(MANIFEST_FILE)) as HeadersManifest;
    expect(manifest.documents["index.html"]).toBe(policy);
    expect(result.articleHrefs.get("index.html")).toEqual(["/articles/tidewater"]);
  });

  // each worker loads the pipeline's modules through tsx: seconds on a busy machine
  it("goes over the pages in both passes on worker threads into the same files as on this one", async () => {
    const pages: Record<string, string> = {
      "index.html": page("Start"),
      "about/index.html": page("Über uns"),
      "en/index.html": page("Home").replace('<h1 class="used">', '<h1 class="unused">'),
      "__spa-fallback.html": page(""),
    };
    const finishedWith = async (threads: number) => {
      for (const [relative, html] of Object.entries(pages)) await put(relative, html);
      const styles = { stylesheets: createStylesheets({ clientDir: dir() }), clientDir: dir(), fontFaces: FONT_FACES };
      const workers = threads > 1 ? await PageWorkers.start(threads) : null;
      try {
        const prepared = await preparePagesInBuild(dir(), script, null, workers);
        const result = await writeSecurityHeaders(dir(), inputs, { styles, workers });
        const files = await Promise.all([...Object.keys(pages), MANIFEST_FILE, "_headers"].map(read));
        const characters = [...prepared.characters];
        return {
          prepared: { ...prepared, characters },
          result,
          files,
        };
      } finally {
        await workers?.close();
      }
    };
    const onThisThread = await finishedWith(1);
    const onWorkers = await finishedWith(2);
    expect(onWorkers).toEqual(onThisThread);
    expect(onWorkers.result.styled.pages).toBe(3);
    expect(onWorkers.prepared.withHeadScript).toBe(4);
    expect(onWorkers.prepared.characters).toContain("Ü".codePointAt(0));
    expect(onWorkers.files[0]).toContain(FONT_FACES);
  }, 120_000);

  it("fails with the page a worker failed on, and leaves the headers files as they were", async () => {
    await put("a/index.html", page("a"));
    await put("b/index.html", page("b").replace("</head>", "<style>p{}</style></head>"));
    const styles = { stylesheets: createStylesheets({ clientDir: dir() }), clientDir: dir(), fontFaces: null };
    const workers = await PageWorkers.start(2);
    try {
      await expect(writeSecurityHeaders(dir(), inputs, { styles, workers })).rejects.toThrow(/^b\/index\.html: /);
    } finally {
      await workers.close();
    }
    await expect(read(MANIFEST_FILE)).rejects.toThrow(/ENOENT/);
  }, 120_000);
});
