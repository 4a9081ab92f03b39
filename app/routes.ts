import { index, route, type RouteConfig } from "@react-router/dev/routes";

// SPEC section 2, route table. Every path but the catch-all is prerendered (react-router.config.ts).
export default [
  index("routes/home.tsx"),
  route("index", "routes/index.tsx"),
  route("imprint", "routes/imprint.tsx"),
  route("about", "routes/about.tsx"),
  route("articles/:slug", "routes/article.tsx"),
  // Not prerendered, so no loader (RR's rule with ssr:false); served by the SPA fallback.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
