import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { ContentStore } from "./content-store";
import { badRequest, HttpError, methodNotAllowed, notFound } from "./errors";
import { FaultConfigError, type Faults } from "./faults";
import { jsonReply, readBody, type Reply } from "./http-utils";
import type { RateLimiter } from "./rate-limit";

/**
 * Admin routes for tests and the e2e suite, authorised only by
 * `Authorization: Bearer {adminToken}` (content tokens do not work):
 *   GET    /__admin/faults   current faults
 *   PUT    /__admin/faults   replace them (JSON body; POST does the same)
 *   DELETE /__admin/faults   clear them
 *   POST   /__admin/reload   re-read the content folder now
 *   GET    /__admin/status   cv, story count, rate limit, faults
 */

export interface AdminContext {
  adminToken: string;
  store: ContentStore;
  faults: Faults;
  rateLimiter: RateLimiter;
}

function authorised(req: IncomingMessage, adminToken: string): boolean {
  const header = req.headers.authorization ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) return false;
  const given = Buffer.from(m[1] as string);
  const expected = Buffer.from(adminToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function handleAdmin(req: IncomingMessage, pathname: string, ctx: AdminContext): Promise<Reply> {
  const method = req.method ?? "GET";
  const route = pathname.replace(/\/+$/, "");
  const routes: Record<string, readonly string[]> = {
    "/__admin/faults": ["GET", "HEAD", "PUT", "POST", "DELETE"],
    "/__admin/reload": ["POST"],
    "/__admin/status": ["GET", "HEAD"],
  };
  const allowed = routes[route];
  if (!allowed) throw notFound();
  if (!authorised(req, ctx.adminToken)) {
    throw new HttpError(
      401,
      { error: "Unauthorized", message: "Admin routes need Authorization: Bearer <admin token>" },
      { "WWW-Authenticate": 'Bearer realm="content-server admin"' },
    );
  }
  if (!allowed.includes(method)) throw methodNotAllowed(allowed);

  if (route === "/__admin/faults") {
    if (method === "PUT" || method === "POST") {
      const text = await readBody(req);
      let body: unknown;
      try {
        body = text.trim() === "" ? {} : JSON.parse(text);
      } catch {
        throw badRequest('The body must be JSON, e.g. {"errorRate":0.5}');
      }
      try {
        return jsonReply(200, { faults: ctx.faults.set(body) });
      } catch (err) {
        if (err instanceof FaultConfigError) throw badRequest(err.message);
        throw err;
      }
    }
    if (method === "DELETE") return jsonReply(200, { faults: ctx.faults.set({}) });
    return jsonReply(200, { faults: ctx.faults.state() });
  }
  if (route === "/__admin/reload") {
    const cv = await ctx.store.reload();
    return jsonReply(200, { cv, stories: ctx.store.storyCount });
  }
  return jsonReply(200, {
    cv: ctx.store.cv,
    stories: ctx.store.storyCount,
    contentDir: ctx.store.contentDir,
    rateLimit: ctx.rateLimiter.current,
    faults: ctx.faults.state(),
  });
}
