/**
 * Errors that map to HTTP answers. Every error the service answers is JSON,
 * because storyblok-js-client parses every body as JSON and loses the status
 * of a plain-text answer.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === "string" ? body : JSON.stringify(body));
    this.name = "HttpError";
  }
}

/** Storyblok's answer for an unknown story: an array with one message. */
export function recordNotFound(): HttpError {
  return new HttpError(404, ["This record could not be found"]);
}

export function notFound(message = "Not Found"): HttpError {
  return new HttpError(404, { error: message });
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, { error: message });
}

/** Storyblok answers unknown or invalid query parameters with 422 and `{ "error": "..." }`. */
export function invalidParameter(message: string): HttpError {
  return new HttpError(422, { error: message });
}

/**
 * A missing or refused token: Storyblok's body is exactly `{"error":"Unauthorized"}`
 * (storyblok-ruby-client spec/fixtures/vcr_cassettes/.../using_resolve_relations/returns_a_story_with_relations_resolved.yml).
 */
export function unauthorized(): HttpError {
  return new HttpError(401, { error: "Unauthorized" });
}

export function methodNotAllowed(allow: readonly string[]): HttpError {
  return new HttpError(405, { error: "Method Not Allowed", allow }, { Allow: allow.join(", ") });
}
