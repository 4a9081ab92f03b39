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

/** A short plain-text answer (errors, refusals) with the site's headers; never cached. */
export function sendText(
  mode: SiteMode | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
): void {
  const body = `${message}\n`;
  res.statusCode = status;
  for (const [name, value] of Object.entries(securityHeaders({ mode, https: isHttpsRequest(req) }))) {
    res.setHeader(name, value);
  }
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A permanent redirect (301) to a path of the site, with the site's headers; revalidated like a page. */
export function sendRedirect(
  mode: SiteMode | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  location: string,
): void {
  const body = `Moved Permanently: ${location}\n`;
  res.statusCode = 301;
  for (const [name, value] of Object.entries(securityHeaders({ mode, https: isHttpsRequest(req) }))) {
    res.setHeader(name, value);
  }
  res.setHeader("Location", location);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-cache");
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A JSON answer (the webhook's), with the site's headers; never cached. */
export function sendJson(
  mode: SiteMode | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
): void {
  const text = `${JSON.stringify(body)}\n`;
  res.statusCode = status;
  for (const [name, value] of Object.entries(securityHeaders({ mode, https: isHttpsRequest(req) }))) {
    res.setHeader(name, value);
  }
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.setHeader("Cache-Control", "no-store");
  res.end(req.method === "HEAD" ? undefined : text);
}
