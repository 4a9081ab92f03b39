import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Serves a few in-memory HTML pages (the floor pages) on 127.0.0.1 and a free port. */

export async function startPagesServer(pages: ReadonlyMap<string, string>) {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const page = pages.get(pathname);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    if (page === undefined) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    const body = Buffer.from(page);
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  return listenLocally(server);
}

/** `server` listening on 127.0.0.1 and a free port; its close ends the open connections too. */
export async function listenLocally(server: Server) {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A server of the bench on 127.0.0.1: where it answers, and how to stop it. */
export type LocalServer = Awaited<ReturnType<typeof listenLocally>>;
