import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pLimit, { type LimitFunction } from "p-limit";
import pRetry, { AbortError } from "p-retry";
import { describeError, redact } from "./errors";

/**
 * The one HTTP layer of content:pull. storyblok-js-client gets `apiFetch` as
 * its `fetch`; asset downloads and HEAD checks use the same instance, so:
 * - at most `concurrency` requests are in flight at any time, API and assets
 *   together (p-limit; a request waiting for its retry holds no place);
 * - network errors, timeouts, 5xx and 408 are retried with exponential backoff
 *   and jitter (p-retry; Retry-After is waited for first), 200 answers with a
 *   broken JSON body too;
 * - 429 on API calls is left to the client (it retries 429 itself), 429 on
 *   assets is retried here after Retry-After;
 * - downloads go to a temporary file next to the target, are checked against
 *   Content-Length and renamed into place, so a file is either whole or absent.
 */

export interface HttpOptions {
  /** Requests in flight at most (API and assets together). */
  concurrency: number;
  /** Extra attempts after the first one. */
  retries: number;
  /** First backoff delay in ms (doubles per attempt, capped at 10 s, with jitter). */
  retryBaseMs: number;
  /** API calls: whole request; downloads: longest pause without data. */
  timeoutMs: number;
  /** Aborts everything (Ctrl-C). */
  signal?: AbortSignal;
  /** Each retry: its attempt's number, why, and how long the server asked to wait (Retry-After, else 0). */
  onRetry?: (info: { attempt: number; reason: string; delayMs: number }) => void;
}

export interface HttpStats {
  /** API requests sent (attempts, retries included). */
  api: number;
  /** Asset GET requests sent (attempts, retries included). */
  get: number;
  /** Asset HEAD requests sent. */
  head: number;
  /** Attempts that were retried. */
  retries: number;
  /** Most requests in flight at once. */
  maxInFlight: number;
}

export type DownloadResult = { ok: true; bytes: number } | { ok: false; status: number };

const MAX_BACKOFF_MS = 10_000;
const MAX_RETRY_AFTER_MS = 30_000;
const TMP_SUFFIX = ".pull-tmp";

/** Temporary files of interrupted runs look like `.{name}.{random}.pull-tmp`. */
export function isTempFile(name: string): boolean {
  return name.startsWith(".") && name.endsWith(TMP_SUFFIX);
}

export function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString("hex")}${TMP_SUFFIX}`);
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.min(Math.max(0, date - Date.now()), MAX_RETRY_AFTER_MS) : undefined;
}

function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408;
}

function timeoutError(ms: number, what: string): Error {
  return new Error(`${what} timed out after ${Math.round(ms / 100) / 10} s`);
}

function statusLine(res: Response): string {
  return `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`;
}

/** A transient answer (5xx, 408, 429): retried, after its Retry-After if it has one. */
function answerToRetry(res: Response, detail = ""): RetryableError {
  return new RetryableError(`${statusLine(res)}${detail}`, retryAfterMs(res.headers.get("retry-after")));
}

export class HttpClient {
  readonly stats: HttpStats = { api: 0, get: 0, head: 0, retries: 0, maxInFlight: 0 };
  private readonly limit: LimitFunction;

  constructor(private readonly options: HttpOptions) {
    this.limit = pLimit(options.concurrency);
  }

  private signals(own: AbortSignal, extra?: AbortSignal | null): AbortSignal {
    return AbortSignal.any([own, extra, this.options.signal].filter((signal) => signal instanceof AbortSignal));
  }

  /**
   * Runs `attempt` with a place among the `concurrency` requests, retrying
   * RetryableErrors and network failures; an AbortError (a status retrying
   * will not fix) or an unknown host ends it at once.
   */
  private withRetries<T>(what: string, attempt: (signal: AbortSignal) => Promise<T>, extra?: AbortSignal | null) {
    let attempts = 0;
    let fatal = false;
    const run = () =>
      this.limit(async () => {
        attempts++;
        this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.limit.activeCount);
        const timer = new AbortController();
        try {
          return await attempt(this.signals(timer.signal, extra));
        } catch (err) {
          if (this.options.signal?.aborted) throw new AbortError(String(this.options.signal.reason));
          const reason = describeError(err);
          if (err instanceof AbortError || (!(err instanceof RetryableError) && /\bENOTFOUND\b/.test(reason))) {
            fatal = true;
            throw new AbortError(err instanceof AbortError ? err.message : `${reason} (unknown host)`);
          }
          throw err instanceof Error ? err : new Error(reason);
        } finally {
          timer.abort();
        }
      });
    return pRetry(run, {
      retries: this.options.retries,
      minTimeout: this.options.retryBaseMs,
      maxTimeout: MAX_BACKOFF_MS,
      factor: 2,
      randomize: true,
      signal: this.options.signal,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        if (retriesLeft === 0) return;
        const hint = error instanceof RetryableError ? error.retryAfterMs : undefined;
        this.stats.retries++;
        this.options.onRetry?.({
          attempt: attemptNumber,
          reason: describeError(error),
          delayMs: hint ?? 0,
        });
        // the server said when to come back: wait that long before the backoff
        if (hint) await sleep(hint, undefined, this.options.signal ? { signal: this.options.signal } : undefined);
      },
    }).catch((err: unknown) => {
      if (this.options.signal?.aborted) throw this.options.signal.reason;
      const reason = describeError(err);
      if (fatal) throw new Error(`${what} failed: ${reason}`, { cause: err });
      throw new Error(`${what} failed after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${reason}`, {
        cause: err,
      });
    });
  }

  /**
   * `fetch` for storyblok-js-client: retries transient failures, validates
   * JSON bodies and answers non-JSON error bodies as `{ "error": ... }` so the
   * client keeps the status. Throws (the client then rejects with a message
   * and no status) when the API stays unreachable.
   */
  readonly apiFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const endpoint = redact(url).replace(/\?.*$/, "");
    return this.withRetries(
      `GET ${endpoint}`,
      async (signal) => {
        this.stats.api++;
        const res = await this.timed(signal, (s) => fetch(input, { ...init, signal: s }), `GET ${endpoint}`);
        const text = await res.text();
        if (retryableStatus(res.status)) throw answerToRetry(res, snippet(text));
        let json = true;
        try {
          JSON.parse(text);
        } catch {
          json = false;
        }
        if (!json && res.status === 200)
          throw new RetryableError(`${statusLine(res)} with a body that is not valid JSON (${text.length} bytes)`);
        const headers = new Headers(res.headers);
        headers.delete("content-length");
        headers.delete("content-encoding");
        const body = json ? text : JSON.stringify({ error: `${statusLine(res)}${snippet(text)}` });
        return new Response(res.status === 204 || res.status === 304 ? null : body, {
          status: res.status,
          statusText: res.statusText,
          headers,
        });
      },
      init?.signal,
    );
  };

  /** Runs `run` with a timer that aborts it after timeoutMs. */
  private async timed<T>(signal: AbortSignal, run: (signal: AbortSignal) => Promise<T>, what: string): Promise<T> {
    const timeout = idleTimeout(this.options.timeoutMs, what);
    try {
      return await run(AbortSignal.any([signal, timeout.signal]));
    } catch (err) {
      if (timeout.signal.aborted) throw timeout.signal.reason;
      throw err;
    } finally {
      timeout.stop();
    }
  }

  /** HEAD: the size from Content-Length, null when unknown or missing (404). */
  async head(url: string): Promise<number | null> {
    return this.withRetries(`HEAD ${redact(url)}`, async (signal) => {
      this.stats.head++;
      const res = await this.timed(
        signal,
        (s) => fetch(url, { method: "HEAD", headers: { "Accept-Encoding": "identity" }, signal: s }),
        `HEAD ${url}`,
      );
      await res.body?.cancel();
      if (res.status === 429 || retryableStatus(res.status)) throw answerToRetry(res);
      if (!res.ok) return null;
      return declaredLength(res);
    });
  }

  /**
   * Downloads `url` into `dest` (atomically). 404 and 410 answer
   * `{ ok: false }`; other client errors throw at once, transient ones after
   * the retries.
   */
  async download(url: string, dest: string): Promise<DownloadResult> {
    return this.withRetries(`GET ${redact(url)}`, async (signal) => {
      this.stats.get++;
      const idle = idleTimeout(this.options.timeoutMs, "download");
      const tmp = tempPathFor(dest);
      try {
        const res = await fetch(url, {
          headers: { "Accept-Encoding": "identity" },
          signal: AbortSignal.any([signal, idle.signal]),
        });
        if (res.status === 404 || res.status === 410) {
          await res.body?.cancel();
          return { ok: false, status: res.status } as const;
        }
        if (!res.ok) {
          await res.body?.cancel();
          if (res.status === 429 || retryableStatus(res.status)) throw answerToRetry(res);
          throw new AbortError(statusLine(res)); // 403, 400, ...: retrying will not fix it
        }
        const expected = declaredLength(res);
        await mkdir(path.dirname(dest), { recursive: true });
        const bytes = await writeBody(res, tmp, idle.touch);
        if (expected !== null && bytes !== expected)
          throw new RetryableError(`incomplete body: ${bytes} of ${expected} bytes`);
        await rename(tmp, dest);
        return { ok: true, bytes } as const;
      } catch (err) {
        await rm(tmp, { force: true });
        if (idle.signal.aborted && !(err instanceof RetryableError))
          throw new RetryableError(describeError(idle.signal.reason));
        throw err;
      } finally {
        idle.stop();
      }
    });
  }
}

/**
 * A request's timeout: `timeoutMs` for the answer, then, for a download, as long again after each piece of
 * the body (`touch`); its signal aborts the request when one passes.
 */
function idleTimeout(timeoutMs: number, what: string) {
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(timeoutError(timeoutMs, what)), timeoutMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(new Error(`download stalled: no data for ${timeoutMs / 1000} s`)), timeoutMs);
  };
  return { signal: idle.signal, touch, stop: () => clearTimeout(timer) };
}

/** The body's length as the answer declares it; null when unknown or for the encoded body. */
function declaredLength(res: Response): number | null {
  const length = res.headers.get("content-length");
  return length !== null && /^\d+$/.test(length) && !res.headers.get("content-encoding") ? Number(length) : null;
}

/** Writes the answer's body to `file`, calling `onData` for each piece; returns its length. */
async function writeBody(res: Response, filePath: string, onData: () => void): Promise<number> {
  const file = await open(filePath, "w");
  let bytes = 0;
  try {
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        onData();
        await file.write(value);
        bytes += value.byteLength;
      }
    }
  } finally {
    await file.close();
  }
  return bytes;
}

function snippet(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t ? `: ${redact(t.length > 160 ? `${t.slice(0, 160)}…` : t)}` : "";
}
