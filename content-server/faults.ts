/**
 * Fault injection for resilience tests: latency, a share of 5xx answers, a
 * burst of 429s, connection resets and truncated JSON. Applies to `/v2/`
 * requests, or to every path containing `paths` when that is set.
 */

export interface FaultConfig {
  /** Delay before answering, in ms. */
  latencyMs?: number;
  /** Share (0..1) of requests answered 500, 502 or 503. */
  errorRate?: number;
  /** The next N matching requests answer 429. */
  burst429?: number;
  /** Share (0..1) of requests whose connection is destroyed without an answer. */
  resetRate?: number;
  /** Share (0..1) of 200 answers whose JSON body is cut in half. */
  malformedRate?: number;
  /** Only requests whose path contains this substring (default: "/v2/"). */
  paths?: string;
}

export interface FaultState extends FaultConfig {
  /** 429s still to come from burst429. */
  burst429Remaining: number;
}

export type FaultAction = { kind: "none" } | { kind: "reset" } | { kind: "status"; status: 429 | 500 | 502 | 503 };

const KEYS = ["latencyMs", "errorRate", "burst429", "resetRate", "malformedRate", "paths"] as const;

export class FaultConfigError extends Error {}

function share(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new FaultConfigError(`${name} must be a number between 0 and 1`);
  }
  return value;
}

function count(name: string, value: unknown, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
    throw new FaultConfigError(`${name} must be an integer between 0 and ${max}`);
  }
  return value;
}

export function validateFaults(input: unknown): FaultConfig {
  if (input === null || input === undefined) return {};
  if (typeof input !== "object" || Array.isArray(input)) throw new FaultConfigError("faults must be a JSON object");
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new FaultConfigError(`unknown fault "${key}"; known: ${KEYS.join(", ")}`);
    }
  }
  const out: FaultConfig = {};
  if (raw.latencyMs !== undefined) out.latencyMs = count("latencyMs", raw.latencyMs, 60_000);
  if (raw.errorRate !== undefined) out.errorRate = share("errorRate", raw.errorRate);
  if (raw.burst429 !== undefined) out.burst429 = count("burst429", raw.burst429, 1_000_000);
  if (raw.resetRate !== undefined) out.resetRate = share("resetRate", raw.resetRate);
  if (raw.malformedRate !== undefined) out.malformedRate = share("malformedRate", raw.malformedRate);
  if (raw.paths !== undefined) {
    if (typeof raw.paths !== "string" || raw.paths.length === 0 || raw.paths.length > 200) {
      throw new FaultConfigError("paths must be a non-empty string of at most 200 characters");
    }
    out.paths = raw.paths;
  }
  return out;
}

export function parseFaultsEnv(text: string | undefined): FaultConfig {
  if (!text || !text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FaultConfigError('not JSON; e.g. {"latencyMs":200,"errorRate":0.1}');
  }
  return validateFaults(parsed);
}

export class Faults {
  private config: FaultConfig = {};
  private burstLeft = 0;
  private readonly random: () => number;

  constructor(config: FaultConfig = {}, random: () => number = Math.random) {
    this.random = random;
    this.set(config);
  }

  set(config: unknown): FaultState {
    this.config = validateFaults(config);
    this.burstLeft = this.config.burst429 ?? 0;
    return this.state();
  }

  state(): FaultState {
    return { ...this.config, burst429Remaining: this.burstLeft };
  }

  /** Decides what happens to one request; null when no fault applies. */
  plan(pathname: string) {
    const c = this.config;
    const active = c.latencyMs || c.errorRate || this.burstLeft || c.resetRate || c.malformedRate;
    const applies = c.paths ? pathname.includes(c.paths) : pathname.startsWith("/v2/");
    if (!active || !applies) return null;
    let action: FaultAction = { kind: "none" };
    if (c.resetRate && this.random() < c.resetRate) action = { kind: "reset" };
    else if (this.burstLeft > 0) {
      this.burstLeft--;
      action = { kind: "status", status: 429 };
    } else if (c.errorRate && this.random() < c.errorRate) {
      const statuses = [500, 502, 503] as const;
      action = { kind: "status", status: statuses[Math.floor(this.random() * 3)] ?? 500 };
    }
    const malformed = action.kind === "none" && Boolean(c.malformedRate) && this.random() < (c.malformedRate ?? 0);
    return { latencyMs: c.latencyMs ?? 0, action, malformed };
  }
}
