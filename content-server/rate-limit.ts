/**
 * Per-token rate limiting of the API, off by default. "storyblok" imitates
 * the CDN's uncached tiers by page size (50 req/s up to 25 per page, 15 up
 * to 50, 10 up to 75, 6 up to 100; single reads count as the 50 tier) and
 * lets requests that would hit the CDN cache (published, carrying the
 * current cv) through at 1000 req/s. A number is a fixed limit per token.
 */

export type RateLimitSetting = "off" | "storyblok" | number;

export interface RateRequest {
  token: string;
  /** Listing page size; undefined for single reads and other endpoints. */
  perPage?: number;
  /** Published request carrying the current cv (a CDN cache hit on Storyblok). */
  cached: boolean;
}

export const CACHED_LIMIT = 1000;

export function storyblokTier(perPage: number | undefined): number {
  if (perPage === undefined || perPage <= 25) return 50;
  if (perPage <= 50) return 15;
  if (perPage <= 75) return 10;
  return 6;
}

export function parseRateLimit(raw: string | number | undefined): RateLimitSetting {
  if (raw === undefined || raw === "" || raw === "off") return "off";
  if (raw === "storyblok") return "storyblok";
  const n = typeof raw === "number" ? raw : Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 1_000_000) {
    throw new Error(
      `rate limit must be "off", "storyblok" or a positive number of requests per second, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

interface Bucket {
  tokens: number;
  last: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();

  constructor(
    private setting: RateLimitSetting = "off",
    private readonly now: () => number = () => performance.now(),
  ) {}

  get current(): RateLimitSetting {
    return this.setting;
  }

  set(setting: RateLimitSetting): void {
    this.setting = parseRateLimit(setting);
    this.buckets.clear();
  }

  /**
   * Whether the request is allowed, and its headers: X-RateLimit, X-RateLimit-Policy, and Retry-After (seconds
   * until a request would be allowed again) once refused; null when rate limiting is off.
   */
  check(req: RateRequest) {
    const { setting } = this;
    if (setting === "off") return null;
    // a fixed limit, else Storyblok's cached or uncached tier
    const limit = setting !== "storyblok" ? setting : req.cached ? CACHED_LIMIT : storyblokTier(req.perPage);
    const name = setting !== "storyblok" ? "fixed" : req.cached ? "cached" : `uncached-${limit}`;
    const key = `${req.token}\u0000${name}`;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: limit, last: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(limit, bucket.tokens + ((now - bucket.last) / 1000) * limit);
      bucket.last = now;
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const remaining = Math.max(0, Math.floor(bucket.tokens));
    const headers: Record<string, string> = {
      "X-RateLimit": `"${name}";r=${remaining}`,
      "X-RateLimit-Policy": `"${name}";q=${Math.floor(limit)};w=1`,
    };
    if (!allowed) headers["Retry-After"] = String(Math.max(1, Math.ceil((1 - bucket.tokens) / limit)));
    return { allowed, headers };
  }
}
