import { attribute, attributeTokens, parseHtml } from "../pipeline/html";

/**
 * Reading the prerendered HTML (through the build's parser,
 * pipeline/html.ts): the first-load assets of a page, its high-priority
 * image, and the bare "floor" page built from it. Pure, tested in
 * html.test.ts.
 */

/** A same-origin asset path without query or fragment; null for other origins and data: URLs. */
export function localAssetPath(href: string): string | null {
  if (!href || /^(data|blob):/i.test(href) || /^(https?:)?\/\//i.test(href)) return null;
  const clean = href.split(/[?#]/)[0] ?? "";
  return clean.startsWith("/") ? clean : `/${clean}`;
}

/** Scripts (src, modulepreload, static imports in inline modules) and stylesheets a page loads on first visit. */
export function pageAssets(html: string) {
  const page = parseHtml(html);
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  // inline <script> bodies (React Router's context and route modules bootstrap)
  const inlineScripts: string[] = [];

  for (const link of page.elementsNamed("link")) {
    const rel = attributeTokens(link, "rel");
    const href = localAssetPath(attribute(link, "href") ?? "");
    if (!href) continue;
    if (rel.includes("modulepreload")) scripts.add(href);
    // a disabled stylesheet (the head's copy React hydrates against, pipeline/critical-css.ts) is not fetched
    else if (rel.includes("stylesheet") && attribute(link, "disabled") === undefined) stylesheets.add(href);
    else if (rel.includes("preload") && (attribute(link, "as") ?? "").toLowerCase() === "script") scripts.add(href);
  }
  for (const script of page.elementsNamed("script")) {
    const src = attribute(script, "src");
    if (src !== undefined) {
      const local = localAssetPath(src);
      if (local) scripts.add(local);
      continue;
    }
    const body = page.contentOf(script);
    if (body.trim()) inlineScripts.push(body);
    // `import "/assets/x.js"` and `import("/assets/x.js")` in inline module scripts
    for (const imp of body.matchAll(/\bimport\s*(?:\(\s*)?["']([^"']+\.m?js)["']/g)) {
      const local = localAssetPath(imp[1] ?? "");
      if (local) scripts.add(local);
    }
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets], inlineScripts };
}

/**
 * The page's high-priority image (`fetchpriority="high"`): its markup (the <img> tag, or the whole <picture> element
 * that holds it), its src, and the <link rel=preload as=image> tags of the document that load it.
 */
export function findHeroImage(html: string) {
  const page = parseHtml(html);
  const img = page
    .elementsNamed("img")
    .find((element) => (attribute(element, "fetchpriority") ?? "").toLowerCase() === "high");
  if (!img) return null;
  const src = attribute(img, "src") ?? "";
  const wrapper = img.parent?.name === "picture" ? img.parent : img;
  const imagePath = src.split("/m/")[0] ?? src;
  const preloads = page
    .linksWithRel("preload")
    .filter((link) => {
      const loads = `${attribute(link, "href") ?? ""} ${attribute(link, "imagesrcset") ?? ""}`;
      return (attribute(link, "as") ?? "").toLowerCase() === "image" && imagePath !== "" && loads.includes(imagePath);
    })
    .map((link) => page.outerHtml(link));
  return { markup: page.outerHtml(wrapper), src, preloads };
}

/** The text of the first <h1> (tags stripped), or "". */
export function firstHeadingText(html: string): string {
  const page = parseHtml(html);
  const heading = page.elementsNamed("h1")[0];
  return heading ? page.textContent(heading).trim() : "";
}

/** The document language of a page, "en" when it has none. */
export function documentLanguage(html: string): string {
  const root = parseHtml(html).elementsNamed("html")[0];
  return (root && attribute(root, "lang")) || "en";
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The floor of a page: a bare static document holding only its LCP image
 * (same markup: src, srcset, sizes, width, height, <picture> sources,
 * preloads) or, for a page without a high-priority image, only its heading
 * text. Nothing else loads: no CSS file, no font, no script.
 */
export function floorPage(html: string): { html: string; kind: "image" | "text"; element: string } {
  const lang = escapeHtml(documentLanguage(html));
  const hero = findHeroImage(html);
  const head = (extra: string) =>
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/><title>Floor</title>` +
    `<meta name="description" content="The bare page of the benchmark: only the LCP element."/>${extra}`;
  if (hero) {
    const style = "<style>body{margin:0}picture,img{display:block;width:100%;height:auto}</style>";
    return {
      kind: "image",
      element: hero.src,
      html: `${head(hero.preloads.join("") + style)}</head><body><main>${hero.markup}</main></body></html>\n`,
    };
  }
  const text = firstHeadingText(html) || "Floor";
  const style = "<style>body{margin:0;padding:16px;font-family:sans-serif}</style>";
  return {
    kind: "text",
    element: text,
    html: `${head(style)}</head><body><main><h1>${escapeHtml(text)}</h1></main></body></html>\n`,
  };
}

/**
 * The modules a built chunk imports statically (`import"./a.js"`,
 * `import{x}from"./b.js"`, `export*from"./c.js"`), which load with it;
 * dynamic `import()` calls load later and are left out.
 */
export function staticImports(source: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const match of source.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}
