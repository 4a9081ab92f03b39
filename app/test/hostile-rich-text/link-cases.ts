import { linkDoc, type HostileRichText } from "./documents";
import { HOSTILE_HREFS } from "./urls";

/** Hostile links: unsafe targets, addresses, anchors, attributes and new tabs. */
export const HOSTILE_LINK_CASES: readonly HostileRichText[] = [
  ...HOSTILE_HREFS.map((href): HostileRichText => ({
    name: `url link ${JSON.stringify(href)}`,
    document: linkDoc(href),
    keepsText: "click",
    noLink: true,
  })),
  ...HOSTILE_HREFS.slice(0, 6).map((href): HostileRichText => ({
    name: `asset link ${JSON.stringify(href)}`,
    document: linkDoc(href, "asset"),
    keepsText: "click",
    noLink: true,
  })),
  {
    name: "link with a non-string href",
    document: linkDoc({ toString: "javascript:alert(1)" }),
    keepsText: "click",
    noLink: true,
  },
  { name: "link with an array href", document: linkDoc(["javascript:alert(1)"]), keepsText: "click", noLink: true },
  {
    name: "email link whose address is javascript:",
    document: linkDoc("javascript:alert(1)", "email"),
    keepsText: "click",
  },
  {
    name: "email link with mailto:javascript:",
    document: linkDoc("mailto:javascript:alert(1)", "email"),
    keepsText: "click",
  },
  {
    name: "email link with quotes and markup in the address",
    document: linkDoc('a@b.c"><script>alert(1)</script>', "email"),
    keepsText: "click",
    noLink: true,
  },
  { name: "story link to javascript:", document: linkDoc("javascript:alert(1)", "story"), keepsText: "click" },
  {
    name: "anchor with quotes and markup",
    document: linkDoc("https://example.com/page", "url", { anchor: '"><script>alert(1)</script><a href="' }),
    keepsText: "click",
  },
  {
    name: "anchor-only link with javascript: anchor",
    document: linkDoc("", "url", { anchor: "javascript:alert(1)" }),
    keepsText: "click",
  },
  {
    name: "custom attributes: handlers, style, href override, srcdoc, formaction",
    document: linkDoc("https://example.com/", "url", {
      target: "_blank",
      custom: {
        onmouseover: "alert(1)",
        onclick: "alert(1)",
        onfocus: "alert(1)",
        style: "position:fixed;inset:0;background:url(javascript:alert(1))",
        href: "javascript:alert(1)",
        srcdoc: "<script>alert(1)</script>",
        formaction: "javascript:alert(1)",
        action: "javascript:alert(1)",
        target: "_top",
        id: "__reactRouterContext",
        class: "x",
        rel: "opener",
        title: '" onmouseover="alert(1)',
        "aria-label": "<img src=x onerror=alert(1)>",
        hreflang: "de onmouseover=alert(1)",
      },
    }),
    keepsText: "click",
  },
  {
    name: "new-tab link asking for an opener",
    document: linkDoc("https://example.com/", "url", { target: "_blank", custom: { rel: "opener noopener" } }),
    keepsText: "click",
  },
  { name: "new-tab internal link", document: linkDoc("/about", "url", { target: "_blank" }), keepsText: "click" },
];
