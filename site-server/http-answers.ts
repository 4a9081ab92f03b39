import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { NON_DOCUMENT_CSP, commonSecurityHeaders, type SiteMode } from "../release/headers-manifest";

export interface SecurityContext {
  /** From the build's manifest; production when there is none. */
  mode?: SiteMode;
  /** The request came over TLS (directly or, per X-Forwarded-Proto, through a proxy). */
  https?: boolean;
  /** The document's policy; anything else gets one under which nothing loads or runs. */
  contentSecurityPolicy?: string;
}

/** The served build's mode, as the answers take it (undefined: no manifest). */
export type AnswerMode = SecurityContext["mode"];

/** Headers every answer carries: the mode's headers, HSTS over https, and a CSP. */
export function securityHeaders(context: SecurityContext = {}): Record<string, string> {
  const https = context.https ?? false;
  const csp = context.contentSecurityPolicy ?? NON_DOCUMENT_CSP;
  return {
    ...commonSecurityHeaders(context.mode ?? "production", { https }),
    "Content-Security-Policy": https && context.contentSecurityPolicy ? `${csp}; upgrade-insecure-requests` : csp,
  };
}

/**
 * True when the client reached us over TLS: our own TLS socket, or a proxy
 * in front saying so. Trusting the proxy headers is safe here: they only
 * add HSTS (which browsers ignore over plain HTTP) and
 * upgrade-insecure-requests to the answer of the one client that sent them.
 */
export function isHttpsRequest(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  const forwardedProto = headerValue(req.headers["x-forwarded-proto"]).split(",")[0]?.trim().toLowerCase();
  if (forwardedProto) return forwardedProto === "https";
  const forwarded = headerValue(req.headers.forwarded).split(",")[0] ?? "";
  return /(?:^|;)\s*proto\s*=\s*"?https"?\s*(?:;|$)/i.test(forwarded);
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}

/** Headers of an answer besides the site's own (`Allow`, `Connection: close`, `Location`). */
export type AnswerHeaders = Readonly<Record<string, string>>;

/** An answer of our own with the site's headers and `headers`; never cached unless `headers` say otherwise. */
function sendBody(
  mode: SiteMode | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: AnswerHeaders,
): void {
  const security = securityHeaders({ mode, https: isHttpsRequest(req) });
  res.statusCode = status;
  for (const [name, value] of Object.entries({ ...security, "Cache-Control": "no-store", ...headers })) {
    res.setHeader(name, value);
  }
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A short plain-text answer (errors, refusals, redirects) with the site's headers. */
export function sendText(
  mode: SiteMode | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  headers: AnswerHeaders = {},
): void {
  sendBody(mode, req, res, status, `${message}\n`, { "Content-Type": "text/plain; charset=utf-8", ...headers });
}

/** A JSON answer (the webhook's, the content forward's refusals) with the site's headers. */
export function sendJson(
  mode: SiteMode | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: AnswerHeaders = {},
): void {
  const json = `${JSON.stringify(body)}\n`;
  sendBody(mode, req, res, status, json, { "Content-Type": "application/json; charset=utf-8", ...headers });
}
