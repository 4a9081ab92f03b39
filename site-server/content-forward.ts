import { request, type IncomingMessage, type ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";

/**
 * With the local content service (`npm start`), the site forwards its API
 * (`/v2/`) and its assets and image service (`/f/`) on the site's own origin:
 * the build writes root-relative asset URLs and the browser calls the API
 * under the address it used for the site, so a visitor who reached the
 * site as 192.168.1.20:3000 (HOST=0.0.0.0) gets media and content from
 * there, while the content service itself stays on loopback. Storyblok's
 * own API and asset CDN are never forwarded.
 */

const FORWARDED_PREFIXES = ["/v2/", "/f/"];

export function isContentPath(pathname: string): boolean {
  return pathname === "/v2" || FORWARDED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Headers that belong to one connection (RFC 9110 7.6.1), not to the message. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function endToEnd(headers: IncomingMessage["headers"]): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

/** Streams one request to the content service at `origin` and its answer back; 502 when it cannot be reached. */
export async function forwardToContent(req: IncomingMessage, res: ServerResponse, origin: URL): Promise<void> {
  const target = req.url ?? "/";
  // absolute-form targets are forwarded by their path
  const pathAndQuery = /^https?:\/\//i.test(target) ? new URL(target).pathname + new URL(target).search : target;
  const upstream = request({
    host: origin.hostname,
    port: origin.port,
    method: req.method,
    path: pathAndQuery,
    // the original Host: the content service writes URLs for the address the visitor used
    headers: {
      ...endToEnd(req.headers),
      "x-forwarded-proto": "http",
      "x-forwarded-host": req.headers.host ?? "",
    },
    timeout: 30_000,
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    upstream.once("response", resolve);
    upstream.on("error", reject);
    upstream.once("timeout", () => upstream.destroy(new Error("The content service did not answer in 30 s")));
  });
  // whichever of sending and answering fails first is reported below; the other must not go unheard
  answered.catch(() => undefined);
  res.once("close", () => upstream.destroy());
  try {
    await pipeline(req, upstream);
    const answer = await answered;
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    await pipeline(answer, res);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({
      error: `The content service could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    });
    res.writeHead(502, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    res.end(body);
  }
}
