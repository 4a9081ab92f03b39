import path from "node:path";

/**
 * The files a build writes for hosts other than the site server
 * (pipeline/host-config.ts, pipeline/headers-files.ts), by name, and the two
 * lines of the nginx site an installer sets (test-support/nginx-server.ts).
 */

/** Static hosts' headers (Netlify, Cloudflare Pages), in the client folder. */
export const HEADERS_FILE = "_headers";
/** Static hosts' rewrites, in the client folder. */
export const REDIRECTS_FILE = "_redirects";
/** What Cloudflare's static assets never serve, in the client folder. */
export const ASSETS_IGNORE_FILE = ".assetsignore";
/** The nginx site, in the build folder beside `client/`. */
export const NGINX_CONFIG_FILE = path.join("nginx", "studio-site.conf");
/** The lines an installer (or the test runner) replaces; each ends with its marker comment. */
export const NGINX_LISTEN_MARKER = "# studio-site: listen";
export const NGINX_ROOT_MARKER = "# studio-site: root";

/** The build's site with the two installer lines set: this port on loopback, this root. */
export function siteConfigFor(text: string, port: number, root: string): string {
  const lines = text.split("\n");
  const listen = lines.findIndex((line) => line.includes(NGINX_LISTEN_MARKER));
  const rootLine = lines.findIndex((line) => line.includes(NGINX_ROOT_MARKER));
  if (listen === -1 || rootLine === -1) throw new Error("the nginx site has no marked listen and root lines");
  lines[listen] = `    listen 127.0.0.1:${port};`;
  lines[rootLine] = `    root ${JSON.stringify(root)};`;
  return lines.join("\n");
}
