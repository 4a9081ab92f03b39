import qs from "qs";
import { badRequest, HttpError, invalidParameter } from "./errors";

/**
 * Query strings in the Rails style Storyblok's clients send, parsed by `qs`:
 * `a=1`, `filter_query[field][in]=x`, `filter_query[__or][][field][is]=y`.
 * Objects have no prototype, a repeated plain key keeps its last value (as
 * Rails does), and the limits answer 400 instead of holding the request.
 */
export type QueryValue = string | QueryObject | QueryValue[];
export interface QueryObject {
  [key: string]: QueryValue;
}

/** Decodes like qs's own decoder, but refuses malformed percent-encoding instead of passing it on. */
function strictDecoder(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw badRequest("Malformed percent-encoding in the query string");
  }
}

const PARSE_OPTIONS: qs.IParseOptions<qs.BooleanOptional> & { decoder: (text: string) => string } = {
  plainObjects: true,
  depth: 5,
  strictDepth: true,
  parameterLimit: 500,
  arrayLimit: 100,
  throwOnLimitExceeded: true,
  decoder: strictDecoder,
};

export function parseQuery(search: string): QueryObject {
  if (!search) return Object.create(null) as QueryObject;
  try {
    return qs.parse(search, PARSE_OPTIONS) as QueryObject;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // qs's limits: more than 500 parameters, nesting deeper than 5, arrays over 100 items
    throw badRequest(`Malformed query string: ${(err as Error).message}`);
  }
}

/** Answers 422 naming the parameters the endpoint does not know, in Storyblok's words. */
export function rejectUnknown(query: QueryObject, allowed: ReadonlySet<string>): void {
  const unknown = Object.keys(query).filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    // https://github.com/storyblok/storyblok-js-client/issues/105: {"error": "Parameter(s) is_startpage not allowed"}
    throw invalidParameter(`Parameter(s) ${unknown.map((k) => k.slice(0, 100)).join(", ")} not allowed`);
  }
}

/** One value; a repeated key (`a=1&a=2`) gives its last value, as Rails does. */
export function single(value: QueryValue, name: string): string {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof last !== "string") throw invalidParameter(`Parameter "${name}" must be a single value`);
  return last;
}

export function getString(query: QueryObject, name: string): string | undefined {
  const value = query[name];
  return value === undefined ? undefined : single(value, name);
}

export function getInt(
  query: QueryObject,
  name: string,
  { min = -Infinity, max = Infinity }: { min?: number; max?: number } = {},
): number | undefined {
  const raw = getString(query, name);
  if (raw === undefined || raw === "") return undefined;
  if (!/^-?\d{1,15}$/.test(raw))
    throw invalidParameter(`Parameter "${name}" must be an integer, got "${raw.slice(0, 50)}"`);
  const n = Number(raw);
  if (n < min || n > max) {
    const range = max === Infinity ? `at least ${min}` : `between ${min} and ${max}`;
    throw invalidParameter(`Parameter "${name}" must be ${range}, got ${n}`);
  }
  return n;
}

export function getBool(query: QueryObject, name: string): boolean | undefined {
  const raw = getString(query, name);
  if (raw === undefined || raw === "") return undefined;
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  throw invalidParameter(`Parameter "${name}" must be 1, 0, true or false`);
}

export function getEnum<T extends string>(query: QueryObject, name: string, values: readonly T[]): T | undefined {
  const raw = getString(query, name);
  if (raw === undefined || raw === "") return undefined;
  if (!(values as readonly string[]).includes(raw)) {
    throw invalidParameter(`Parameter "${name}" must be one of ${values.join(", ")}, got "${raw.slice(0, 50)}"`);
  }
  return raw as T;
}

/** The items of a comma-separated list, trimmed, empty ones dropped. */
export function commaList(raw: string): string[] {
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** Comma list, empty items dropped. */
export function getList(query: QueryObject, name: string): string[] | undefined {
  const raw = getString(query, name);
  return raw === undefined ? undefined : commaList(raw);
}
