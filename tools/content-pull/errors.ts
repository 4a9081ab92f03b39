/**
 * Errors of content:pull. Every failure the user can act on becomes a
 * PullError with a kind (for tests and the exit code) and a message that says
 * what to do; tokens never appear in messages.
 */

export type PullErrorKind =
  /** Bad command-line options. */
  | "usage"
  /** 401/403: the token is wrong, of another region, or not a preview token. */
  | "auth"
  /** The API could not be reached (DNS, refused, reset, timeout). */
  | "network"
  /** The API answered with an error or with something that is not the CDN API. */
  | "api"
  /** The output folder cannot be used. */
  | "output"
  /** Some assets could not be downloaded (the rest of the export was written). */
  | "assets";

export class PullError extends Error {
  readonly kind: PullErrorKind;
  constructor(kind: PullErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PullError";
    this.kind = kind;
  }
  /** 2 for usage errors, 1 for everything else. */
  get exitCode(): number {
    return this.kind === "usage" ? 2 : 1;
  }
}

/** Removes `token=...` query values from a URL or message. */
export function redact(text: string): string {
  return text.replace(/([?&](?:token|access_token)=)[^&\s"']*/gi, "$1***");
}

/** A short description of a thrown value (fetch's "fetch failed" hides the real cause). */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return redact(String(err));
  const parts = [err.message];
  let cause: unknown = err.cause;
  for (let depth = 0; cause && depth < 3; depth++) {
    if (cause instanceof Error) {
      const code = (cause as NodeJS.ErrnoException).code;
      parts.push(code && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message);
      cause = cause.cause;
    } else {
      parts.push(String(cause));
      break;
    }
  }
  return redact([...new Set(parts.filter(Boolean))].join(": "));
}
