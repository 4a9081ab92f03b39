import path from "node:path";
import { HSTS, NON_DOCUMENT_CSP, commonSecurityHeaders, type SiteMode } from "../release/headers-manifest";
import { replaceFile } from "../release/layout";
import { ASSETS_IGNORE_FILE, NGINX_LISTEN_MARKER, NGINX_ROOT_MARKER, REDIRECTS_FILE } from "../release/host-files";
import { NOT_FOUND_PAGE, NO_PAGE_EXTENSIONS, SERVED_EXTENSIONS, contentTypeOf } from "../release/served-files";
import { ARTICLES_NOT_FOUND_PAGE, EN_ARTICLES_NOT_FOUND_PAGE, EN_NOT_FOUND_PAGE } from "./not-found-pages";

/**
 * Server configuration for hosts other than the site server, written by
 * every build next to `_headers` (pipeline/security-headers.ts; the files'
 * names are release/host-files.ts):
 *
 * - `{build}/nginx/studio-site.conf`: an nginx site with the site server's
 *   behaviour: per-page CSP (a `map` from request path to policy), the
 *   common security headers, HSTS and upgrade-insecure-requests over https,
 *   the caching rules, precompressed `.br`/`.gz` siblings (brotli_static
 *   needs Debian's libnginx-mod-http-brotli-static) and the 404 pages.
 *   Two lines are the installer's: `listen` and `root` (marked below). Its
 *   map of page policies is written with the other headers files, a page at
 *   a time (pipeline/headers-files.ts).
 * - `build/client/_redirects` (Cloudflare and Netlify): the pages both hosts
 *   would answer with another page, rewritten to their own file;
 * - `build/client/.assetsignore` (Cloudflare): build metadata never served.
 * Netlify's 404 rules (an unknown article slug gets the SPA fallback) and
 * Cloudflare's settings are the repository's `netlify.toml` and
 * `wrangler.jsonc`: they do not change from build to build.
 */

/** Cache-Control of the hashed files under `/assets/` (also in `_headers`, pipeline/headers-files.ts). */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** The bodies of 404 answers (`error_page`), never answers of their own. */
const NOT_FOUND_PAGES = [NOT_FOUND_PAGE, ARTICLES_NOT_FOUND_PAGE, EN_NOT_FOUND_PAGE, EN_ARTICLES_NOT_FOUND_PAGE];

function quoted(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function regexAlternatives(extensions: readonly string[]): string {
  return [...new Set(extensions.map((extension) => extension.slice(1).replace(/\./g, "\\.")))].join("|");
}

/**
 * Paths nginx may see as `$uri` for an HTML file: its directory forms and the file itself, each a key of the
 * nginx site's map of page policies.
 */
export function nginxMapKeys(relative: string): string[] {
  if (relative === "index.html") return ["/", "/index.html"];
  if (relative.endsWith("/index.html")) {
    const directory = `/${relative.slice(0, -"index.html".length)}`;
    return [directory.slice(0, -1), directory, `/${relative}`];
  }
  return [`/${relative}`];
}

/** `types {}`: the same Content-Type per extension as the site server (site-server/static-files.ts). */
function typesBlock(): { types: string[]; charsetTypes: string[] } {
  const byType = new Map<string, string[]>();
  const charsetTypes = new Set<string>();
  for (const extension of SERVED_EXTENSIONS) {
    // the site server's own type of the extension (release/served-files.ts)
    const full = contentTypeOf(`x${extension}`);
    const [type = "application/octet-stream", ...params] = full.split(";").map((part) => part.trim());
    if (params.some((param) => /^charset=utf-8$/i.test(param))) charsetTypes.add(type);
    byType.set(type, [...(byType.get(type) ?? []), extension.slice(1)]);
  }
  const types = [...byType].map(([type, extensions]) => `        ${type} ${extensions.join(" ")};`);
  // text/html is in charset_types already
  charsetTypes.delete("text/html");
  return { types, charsetTypes: [...charsetTypes].sort() };
}

/** The map entries of one page: each request form to the page's policy. */
export function nginxMapEntries(relative: string, policy: string): string {
  return nginxMapKeys(relative)
    .map((key) => `    ${quoted(key)} ${quoted(policy)};\n`)
    .join("");
}

/**
 * The nginx site of a build, in three parts around the map of page policies
 * (written a page at a time, pipeline/headers-files.ts): this head, each
 * page's `nginxMapEntries`, `nginxConfigTail`. `keys`: the map's entries.
 */
export function nginxConfigHead(mode: SiteMode, keys: number): string {
  return `# Written by pipeline/host-config.ts (${mode} build): an nginx site with the same headers,
# caching, precompressed files and 404 pages as the site server (README, "Self-hosting with nginx").
# Include it in nginx's http block (Debian: /etc/nginx/sites-enabled/); set the two marked lines.
# brotli_static needs the brotli module (Debian: apt-get install libnginx-mod-http-brotli-static).

# one map entry per prerendered page (three request forms each): nginx needs room for them
map_hash_max_size ${Math.max(2048, 2 ** Math.ceil(Math.log2(keys * 2 + 1)))};
map_hash_bucket_size 256;

# the page's own Content-Security-Policy: the sha256 of its inline scripts; anything else may run nothing
map $studio_page $studio_page_csp {
    default ${quoted(NON_DOCUMENT_CSP)};
`;
}

/** The maps of the policies, HSTS and Cache-Control the server's headers read. */
function nginxHeaderMaps(): string {
  return `
# a page's policy gets upgrade-insecure-requests, every answer HSTS, only over https
map "$scheme $studio_page_csp" $studio_csp {
    "~^https (?<policy>.+)$" "$policy; upgrade-insecure-requests";
    "~^[^ ]+ (?<policy>.+)$" "$policy";
}
map $scheme $studio_hsts {
    https ${quoted(HSTS)};
    default "";
}

# hashed /assets/ for a year, pages and their .data revalidated, 404s never kept, the rest an hour
map "$status $studio_page" $studio_cache_control {
    default "public, max-age=3600";
    "~^404 " "no-cache";
    "~^[0-9]+ /assets/." ${quoted(IMMUTABLE)};
    "~^[0-9]+ [^.]*$" "no-cache";
    "~\\.(html?|data)$" "no-cache";
}

`;
}

/** The server's start: where it listens, its root, and the redirects to a page's one address. */
function nginxServerStart(): string {
  return `server {
    listen 80; ${NGINX_LISTEN_MARKER}
    root /var/www/studio-site/client; ${NGINX_ROOT_MARKER}
    server_name _;
    server_tokens off;
    index index.html;

    # the path asked for, again after each internal redirect (a 404 page gets its own policy)
    set $studio_page $uri;

    # one address per page, as the site server answers (site-server/static-files.ts, canonicalRedirect): a
    # page's trailing slash goes (/about/ to /about), and a folder's index.html is its index page where it has
    # one (/index.html to the project index /index). Here, in the server's rewrite phase, only the request
    # itself is seen, never the internal redirects of index and error_page.
    set $studio_slash_page "";
    if ($uri ~ "^(?<studio_slashless>/.+)/$") {
        set $studio_slash_page $document_root$studio_slashless/index.html;
    }
    if (-f $studio_slash_page) {
        return 301 $studio_slashless$is_args$args;
    }
    set $studio_index_page "";
    if ($uri ~ "^(?<studio_folder>.*)/index\\.html$") {
        set $studio_index_page $document_root$studio_folder/index/index.html;
    }
    if (-f $studio_index_page) {
        return 301 $studio_folder/index$is_args$args;
    }

`;
}

/** The server's types, compression and headers. */
function nginxServerHeaders(mode: SiteMode): string {
  const common = commonSecurityHeaders(mode);
  const { types, charsetTypes } = typesBlock();
  return `    types {
${types.join("\n")}
    }
    default_type application/octet-stream;
    charset utf-8;
    charset_types ${charsetTypes.join(" ")};

    # the .br/.gz siblings every build writes (pipeline/precompress.ts)
    gzip_static on;
    brotli_static on;
    gzip_vary on;

${Object.entries(common)
  .map(([name, value]) => `    add_header ${name} ${quoted(value)} always;`)
  .join("\n")}
    add_header Content-Security-Policy $studio_csp always;
    add_header Strict-Transport-Security $studio_hsts always;
    add_header Cache-Control $studio_cache_control always;

`;
}

/** The server's locations: pages, their not-found screens, build metadata never served, and plain 404s. */
function nginxServerLocations(): string {
  return `    # every unknown path: 404 with the not-found screen in the site's shell
    error_page 404 /${NOT_FOUND_PAGE};

    location / {
        try_files $uri $uri/index.html =404;
    }
    # an article the build does not know: 404 with the SPA fallback, which renders one published since
    location /articles/ {
        error_page 404 /${ARTICLES_NOT_FOUND_PAGE};
        try_files $uri $uri/index.html =404;
    }
    # the English pages: their own not-found screen and SPA fallback
    location /en/ {
        error_page 404 /${EN_NOT_FOUND_PAGE};
        try_files $uri $uri/index.html =404;
    }
    location /en/articles/ {
        error_page 404 /${EN_ARTICLES_NOT_FOUND_PAGE};
        try_files $uri $uri/index.html =404;
    }
${NOT_FOUND_PAGES.map((page) => `    location = /${page} {\n        internal;\n    }\n`).join("")}    # first (regular expressions are tried in order): dotfiles (the headers manifest) and the static
    # hosts' files are build metadata, never served
    location ~ /\\.(?!well-known/) {
        return 404;
    }
    location ~ ^/(_headers|_redirects)$ {
        return 404;
    }
    # hashed assets, scripts, styles, data and media: a missing one is a plain 404, never an HTML page
    location ^~ /assets/ {
        error_page 404 @plain_not_found;
        try_files $uri =404;
    }
    location ~* \\.(${regexAlternatives([...NO_PAGE_EXTENSIONS])})$ {
        error_page 404 @plain_not_found;
        try_files $uri =404;
    }
    location @plain_not_found {
        # no type by the path's extension: the body is text
        types {}
        default_type text/plain;
        return 404 "Not Found\\n";
    }
}
`;
}

/** The nginx site after the page policies; `empty`: the map had no page. */
export function nginxConfigTail(mode: SiteMode, empty = false): string {
  return `${empty ? "\n" : ""}}
${nginxHeaderMaps()}${nginxServerStart()}${nginxServerHeaders(mode)}${nginxServerLocations()}`;
}

/**
 * The pages a static host would answer with another page: Cloudflare serves
 * `/index` as `/` (and `/en/index` as `/en`), Netlify `/en/index` as `/en`
 * (and, once a rule names `/index`, `/index` as `/`), because both read a
 * last segment `index` as the folder's index file. Each
 * is rewritten (status 200, the address stays) to its own file; `relative`
 * are the build's HTML files (`listHtmlFiles`).
 */
export function indexPageRewrites(relative: readonly string[]): Array<{ from: string; to: string }> {
  return relative
    .filter((file) => file === "index/index.html" || file.endsWith("/index/index.html"))
    .map((file) => ({ from: `/${file.slice(0, -"/index.html".length)}`, to: `/${file}` }));
}

/**
 * The static host a build's `_redirects` is written for (STATIC_HOST; netlify.toml sets `netlify` for
 * Netlify's builds). The hosts disagree on one thing: a rewrite from a path a file already answers. Netlify
 * serves that file (`/index` is `index.html`, the home, by its pretty URLs) unless the rule is forced (`200!`);
 * Cloudflare forces every rule and rejects the `!` as an invalid status.
 */
export type StaticHost = "cloudflare" | "netlify";

export const STATIC_HOSTS: readonly StaticHost[] = ["cloudflare", "netlify"];

/**
 * `_redirects` in the form `host` accepts without a warning: rewrites only (Cloudflare takes no 404 rules;
 * it finds the nearest 404.html by itself, and Netlify's 404 rules are in the repository's netlify.toml).
 */
export function redirectsText(relative: readonly string[], host: StaticHost): string {
  const status = host === "netlify" ? "200!" : "200";
  return [
    `# Written by pipeline/host-config.ts for ${host} (STATIC_HOST): pages whose last segment is`,
    "# `index` are served from their own file, not from their folder's index.",
    ...indexPageRewrites(relative).map(({ from, to }) => `${from}  ${to}  ${status}`),
    "",
  ].join("\n");
}

/**
 * Cloudflare's `.assetsignore` (Workers static assets): build metadata no
 * host should serve. Dotfiles are not ignored by themselves there.
 */
export const ASSETS_IGNORE_TEXT =
  "# Written by pipeline/host-config.ts: build metadata, never served\n.security-headers.json\n.behaviours.json\n";

/** Writes `_redirects` (for `host`) and `.assetsignore` into the client folder (the nginx site is written with the page policies). */
export async function writeHostFiles(clientDir: string, relative: readonly string[], host: StaticHost): Promise<void> {
  await replaceFile(path.join(clientDir, REDIRECTS_FILE), redirectsText(relative, host));
  await replaceFile(path.join(clientDir, ASSETS_IGNORE_FILE), ASSETS_IGNORE_TEXT);
}
