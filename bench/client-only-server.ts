import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { startSiteServer } from "../site-server/site-server";
import { listenLocally, type LocalServer } from "./static-pages-server";

/**
 * The same build rendered only in the browser, as the spec's original
 * architecture does: every HTML request is answered with
 * build/client/__spa-fallback.html and every `.data` request with 404, so
 * each route renders from its client loader fetching content at run time.
 * Everything else (scripts, CSS, fonts) is passed to the production site
 * server on the same build, so compression and caching are the site's own.
 */

/** Which requests get the SPA fallback: paths without an extension, and .html files. */
export function isDocumentPath(pathname: string): boolean {
  const last = pathname.split("/").at(-1) ?? "";
  const extension = path.extname(last).toLowerCase();
  return extension === "" || extension === ".html" || extension === ".htm";
}

export async function startClientOnlyServer(clientDir: string): Promise<LocalServer> {
  const site = await startSiteServer({ root: clientDir, port: 0, host: "127.0.0.1" });
  const upstream = new URL(site.url);

  const forward = (req: IncomingMessage, res: ServerResponse, targetPath: string) => {
    const headers = { ...req.headers, host: upstream.host };
    const proxied = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: targetPath, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(proxied);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname.endsWith(".data")) {
      res
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
        .end("Not Found\n");
      return;
    }
    if (isDocumentPath(url.pathname)) {
      forward(req, res, "/__spa-fallback.html");
      return;
    }
    forward(req, res, req.url ?? "/");
  });
  const local = await listenLocally(server);
  return {
    url: local.url,
    async close() {
      await local.close();
      await site.close();
    },
  };
}
