import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// SPEC section 2, route table, in German; the same pages in English under /en/
// (app/language.ts). Every path but the catch-all is prerendered (react-router.config.ts).
export default [
  index("routes/home.tsx"),
  route("index", "routes/index.tsx"),
  route("imprint", "routes/imprint.tsx"),
  route("about", "routes/about.tsx"),
  route("articles/:slug", "routes/article.tsx"),
  ...prefix("en", [
    index("routes/home.tsx", { id: "en-home" }),
    route("index", "routes/index.tsx", { id: "en-index" }),
    route("imprint", "routes/imprint.tsx", { id: "en-imprint" }),
    route("about", "routes/about.tsx", { id: "en-about" }),
    route("articles/:slug", "routes/article.tsx", { id: "en-article" }),
  ]),
  // Not prerendered, so no loader (RR's rule with ssr:false); served by the SPA fallback.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
