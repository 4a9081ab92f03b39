import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NON_DOCUMENT_CSP, type PolicyInputs } from "../release/headers-manifest";
import {
  EDITOR_ORIGINS,
  blockedInlineCode,
  contentSecurityPolicy,
  documentSecurityPolicy,
  inlineScriptHashes,
  inlineScripts,
  inlineStyleHashes,
  inlineStyles,
  headerOnlyPolicyOf,
  metaPolicyOf,
  withPolicyMeta,
} from "./csp";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The directives of a policy, by name. */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

const SCROLL = `((storageKey2) => {\n  console.log(storageKey2 < 1 && "</div>");\n})("x")`;
const CONTEXT = `window.__reactRouterContext = {"basename":"/","isSpaMode":false};`;
const MODULE = `import "/assets/manifest-d36f752f.js";\nimport * as route0 from "/assets/root-DMMBk5Nc.js";`;
const STREAM = `window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"ümlaut \\u003c/script>\\"]");`;

/** The shapes React Router 7 and React 19 put into a prerendered page. */
const PAGE = [
  '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-BRE2S7Bs.js"/>',
  '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
  '</head><body><div style="--i:0">x</div>',
  `<script>${SCROLL}</script>`,
  `<script>${CONTEXT}</script>`,
  `<script type="module" async="">${MODULE}</script>`,
  '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>',
  `<script>${STREAM}</script>`,
  '<script src="/assets/other.js"></script>',
  // same text twice: one source expression
  `<script>${CONTEXT}</script>`,
  "</body></html>",
].join("");

const LOCAL: PolicyInputs = {
  mode: "production",
  apiOrigin: "http://localhost:4100",
  assetOrigins: ["http://localhost:4100"],
};
const STORYBLOK: PolicyInputs = {
  mode: "production",
  apiOrigin: "https://api.storyblok.com",
  assetOrigins: ["https://a.storyblok.com", "https://a2.storyblok.com"],
};

describe("inlineScripts / inlineScriptHashes", () => {
  it("hashes exactly the inline code of a page: not data blocks, not external scripts", () => {
    const expected = [SCROLL, CONTEXT, MODULE, "requestAnimationFrame(function(){$RT=performance.now()});", STREAM].map(
      sha256,
    );
    expect(inlineScriptHashes(PAGE)).toEqual(expected);
  });

  it("hashes the UTF-8 bytes of the raw text, with line breaks as the parser normalises them", () => {
    expect(inlineScripts("<script>a\r\nb\rc</script>")).toEqual(["a\nb\nc"]);
    expect(inlineScriptHashes("<script>ä</script>")).toEqual([sha256("ä")]);
    // no entity decoding inside a script
    expect(inlineScripts("<script>a &amp;&amp; b</script>")).toEqual(["a &amp;&amp; b"]);
  });

  it("treats every JavaScript type, modules and import maps as code, other types as data", () => {
    const html = [
      '<script type="text/javascript">1</script>',
      "<script type='module'>2</script>",
      '<script type="importmap">{"imports":{}}</script>',
      '<script type="application/json">4</script>',
      '<script type="text/template">5</script>',
      '<script TYPE="Application/LD+JSON">6</script>',
      "<SCRIPT>7</SCRIPT >",
    ].join("");
    expect(inlineScripts(html)).toEqual(["1", "2", '{"imports":{}}', "7"]);
  });

  it("finds nothing in a page without inline scripts", () => {
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>')).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  const hashes = inlineScriptHashes(PAGE);

  it("allows scripts from 'self' and the page's own hashes, never unsafe-inline or unsafe-eval", () => {
    for (const inputs of [LOCAL, { ...LOCAL, mode: "preview" as const }]) {
      const scriptSrc = parseCsp(contentSecurityPolicy(inputs, hashes)).get("script-src");
      expect(scriptSrc).toEqual(["'self'", ...hashes]);
      expect(contentSecurityPolicy(inputs, hashes)).not.toMatch(/unsafe-eval/);
    }
  });

  it("production: framing by the site only, styles from 'self' plus style attributes", () => {
    const csp = parseCsp(contentSecurityPolicy(STORYBLOK, hashes));
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'self'"]);
    expect(csp.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'none'"]);
    expect(csp.get("font-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "https://a.storyblok.com", "https://a2.storyblok.com"]);
    expect(csp.get("media-src")).toEqual(["'self'", "https://a.storyblok.com", "https://a2.storyblok.com"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.storyblok.com"]);
  });

  it("preview: the Storyblok editor (every region) may frame it; its bridge may add a style element", () => {
    const csp = parseCsp(contentSecurityPolicy({ ...STORYBLOK, mode: "preview" }, hashes));
    expect(csp.get("frame-ancestors")).toEqual(["'self'", ...EDITOR_ORIGINS]);
    expect(EDITOR_ORIGINS).toContain("https://app.storyblok.com");
    expect(EDITOR_ORIGINS).toContain("https://app-us.storyblok.com");
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    // the bridge is a bundled chunk: no remote script origin
    expect(csp.get("script-src")).toEqual(["'self'", ...hashes]);
  });

  it("production: the page's own inline styles by hash; preview keeps 'unsafe-inline' (a hash would switch it off)", () => {
    const styles = [sha256(".a{color:red}")];
    expect(parseCsp(contentSecurityPolicy(STORYBLOK, hashes, { styleHashes: styles })).get("style-src")).toEqual([
      "'self'",
      ...styles,
    ]);
    const preview = parseCsp(contentSecurityPolicy({ ...STORYBLOK, mode: "preview" }, hashes, { styleHashes: styles }));
    expect(preview.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("documentSecurityPolicy hashes a document's inline scripts and its style elements, not style attributes", () => {
    const html = `<head><style>.a{color:red}</style><style>.a{color:red}</style></head><body><p style="--i:1">x</p><script>${CONTEXT}</script><script>var s = "<style>.b{}</style>";</script></body>`;
    expect(inlineStyles(html)).toEqual([".a{color:red}", ".a{color:red}"]);
    expect(inlineStyleHashes(html)).toEqual([sha256(".a{color:red}")]);
    const csp = parseCsp(documentSecurityPolicy(STORYBLOK, html));
    expect(csp.get("style-src")).toEqual(["'self'", sha256(".a{color:red}")]);
    expect(csp.get("script-src")).toEqual(["'self'", ...inlineScriptHashes(html)]);
    expect(inlineStyleHashes("<style>\r\n.a{}</style>")).toEqual([sha256("\n.a{}")]);
  });

  it("the local content service is both the API and the asset origin, named once", () => {
    const csp = parseCsp(contentSecurityPolicy(LOCAL, []));
    expect(csp.get("connect-src")).toEqual(["'self'", "http://localhost:4100"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "http://localhost:4100"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
  });

  it("leaves upgrade-insecure-requests to the servers, which add it over https", () => {
    expect(contentSecurityPolicy(STORYBLOK, hashes)).not.toMatch(/upgrade-insecure-requests/);
  });

  it("gives everything that is not a document a policy under which nothing runs", () => {
    const csp = parseCsp(NON_DOCUMENT_CSP);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("blockedInlineCode", () => {
  it("reports inline event handlers and javascript: URLs, which the policy blocks", () => {
    expect(blockedInlineCode('<img src="a.png" onerror="x()"><a href="javascript:void 0">x</a>')).toEqual([
      "onerror",
      "javascript: URL",
    ]);
  });

  it("ignores scripts' text and ordinary attributes", () => {
    expect(blockedInlineCode(PAGE)).toEqual([]);
    expect(blockedInlineCode('<script>if (a <b onclick= 1) {}</script><p data-one="1">on=2</p>')).toEqual([]);
  });

  it("reads attributes as the browser does: any quotes, upper case, character references, on scripts too", () => {
    expect(blockedInlineCode("<BODY ONLOAD='go()'><script src=/a.js onerror=fail()></script>")).toEqual([
      "onload",
      "onerror",
    ]);
    expect(blockedInlineCode("<a href=' &#x6A;ava\tscript:x()'>x</a>")).toEqual(["javascript: URL"]);
    expect(blockedInlineCode('<!-- <img onerror="x()"> --><a href="/javascript:x">x</a>')).toEqual([]);
  });
});

describe("inline code in comments, <noscript> and <template>", () => {
  it("hashes what the browser may run: not what a comment holds, but what <noscript> and <template> hold", () => {
    const html =
      "<!-- <script>commented()</script><style>.c{}</style> -->" +
      "<noscript><style>.n{}</style></noscript><template><script>cloned()</script></template>";
    expect(inlineScripts(html)).toEqual(["cloned()"]);
    expect(inlineStyles(html)).toEqual([".n{}"]);
  });
});

describe("the policy in the page", () => {
  const policy = "default-src 'none'; script-src 'self' 'sha256-a'; frame-ancestors 'self' https://app.storyblok.com";

  it("a meta element carries every directive but those only a header can (frame-ancestors, sandbox, reports)", () => {
    expect(metaPolicyOf(`${policy}; sandbox; report-uri /r`)).toBe("default-src 'none'; script-src 'self' 'sha256-a'");
    expect(headerOnlyPolicyOf(policy)).toBe("frame-ancestors 'self' https://app.storyblok.com");
  });

  it("goes right after the charset, before the first script, and replaces one already there", () => {
    const html = '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script>x()</script></head><body></body></html>';
    const once = withPolicyMeta(html, policy);
    expect(once).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
        `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;self&#39; &#39;sha256-a&#39;">` +
        "<script>x()</script></head><body></body></html>",
    );
    expect(withPolicyMeta(once, "default-src 'self'")).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
        '<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;">' +
        "<script>x()</script></head><body></body></html>",
    );
    // the meta element is no inline code: the hashes stay those of the page's scripts
    expect(inlineScriptHashes(once)).toEqual(inlineScriptHashes(html));
  });

  it("leaves a document without a head as it is", () => {
    expect(withPolicyMeta("<p>fragment</p>", policy)).toBe("<p>fragment</p>");
  });
});
