import { badRequest, invalidParameter } from "./errors";

/**
 * Query-string parsing in the Rails style Storyblok uses: `a=1`,
 * `filter_query[field][in]=x`, `filter_query[__or][][field][is]=y`.
 * Objects have no prototype, so keys such as `__proto__` are plain keys.
 */
export type QueryValue = string | QueryObject | QueryValue[];
export interface QueryObject {
  [key: string]: QueryValue;
}

const MAX_PARAMS = 500;
const MAX_DEPTH = 6;

function decodeComponent(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    throw badRequest("Malformed percent-encoding in the query string");
  }
}

function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^[\]]*)\]/y;
  let pos = 0;
  while (pos < rest.length) {
    re.lastIndex = pos;
    const m = re.exec(rest);
    if (!m) throw badRequest(`Malformed query parameter name "${key.slice(0, 100)}"`);
    parts.push(m[1] ?? "");
    pos = re.lastIndex;
  }
  if (parts.length > MAX_DEPTH) throw badRequest(`Query parameter "${key.slice(0, 100)}" is nested too deeply`);
  return parts;
}

function hasPath(obj: QueryObject, path: string[]): boolean {
  let cur: QueryValue | undefined = obj;
  for (const key of path) {
    if (!cur || typeof cur !== "object" || Array.isArray(cur) || !(key in cur)) return false;
    cur = cur[key];
  }
  return true;
}

function pushInto(arr: QueryValue[], rest: string[], value: string, key: string): void {
  if (rest.length === 0) {
    arr.push(value);
    return;
  }
  // `name[][a][b]=v`: fill the last object unless it already holds a/b (Rack's rule)
  const last = arr[arr.length - 1];
  let obj: QueryObject;
  if (last && typeof last === "object" && !Array.isArray(last) && !hasPath(last, rest)) obj = last;
  else {
    obj = Object.create(null) as QueryObject;
    arr.push(obj);
  }
  assign(obj, rest, value, key);
}

function assign(target: QueryObject, path: string[], value: string, key: string): void {
  const head = path[0] as string;
  const rest = path.slice(1);
  if (head === "") throw badRequest(`Malformed query parameter name "${key.slice(0, 100)}"`);
  if (rest.length === 0) {
    if (typeof target[head] === "object")
      throw badRequest(`Query parameter "${key.slice(0, 100)}" conflicts with another one`);
    target[head] = value; // last one wins, as in Rails
    return;
  }
  let child = target[head];
  if (rest[0] === "") {
    if (child === undefined) target[head] = child = [];
    if (!Array.isArray(child)) throw badRequest(`Query parameter "${key.slice(0, 100)}" conflicts with another one`);
    pushInto(child, rest.slice(1), value, key);
    return;
  }
  if (child === undefined) target[head] = child = Object.create(null) as QueryObject;
  if (typeof child !== "object" || Array.isArray(child)) {
    throw badRequest(`Query parameter "${key.slice(0, 100)}" conflicts with another one`);
  }
  assign(child, rest, value, key);
}

export function parseQuery(search: string): QueryObject {
  const out = Object.create(null) as QueryObject;
  if (!search) return out;
  const pairs = search.split("&");
  if (pairs.length > MAX_PARAMS) throw badRequest(`Too many query parameters (more than ${MAX_PARAMS})`);
  for (const pair of pairs) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? "" : pair.slice(eq + 1);
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawValue);
    if (key === "") continue;
    assign(out, splitKey(key), value, key);
  }
  return out;
}

/** Answers 422 naming the first parameter that the endpoint does not know. */
export function rejectUnknown(query: QueryObject, allowed: ReadonlySet<string>): void {
  for (const key of Object.keys(query)) {
    if (!allowed.has(key)) throw invalidParameter(key, `Unknown query parameter "${key}"`);
  }
}

export function getString(query: QueryObject, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidParameter(name, `Parameter "${name}" must be a single value`);
  return value;
}

export function getInt(
  query: QueryObject,
  name: string,
  { min = -Infinity, max = Infinity }: { min?: number; max?: number } = {},
): number | undefined {
  const raw = getString(query, name);
  if (raw === undefined || raw === "") return undefined;
  if (!/^-?\d{1,15}$/.test(raw))
    throw invalidParameter(name, `Parameter "${name}" must be an integer, got "${raw.slice(0, 50)}"`);
  const n = Number(raw);
  if (n < min || n > max) {
    const range = max === Infinity ? `at least ${min}` : `between ${min} and ${max}`;
    throw invalidParameter(name, `Parameter "${name}" must be ${range}, got ${n}`);
  }
  return n;
}

export function getBool(query: QueryObject, name: string): boolean | undefined {
  const raw = getString(query, name);
  if (raw === undefined || raw === "") return undefined;
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  throw invalidParameter(name, `Parameter "${name}" must be 1, 0, true or false`);
}

export function getEnum<T extends string>(query: QueryObject, name: string, values: readonly T[]): T | undefined {
  const raw = getString(query, name);
  if (raw === undefined || raw === "") return undefined;
  if (!(values as readonly string[]).includes(raw)) {
    throw invalidParameter(name, `Parameter "${name}" must be one of ${values.join(", ")}, got "${raw.slice(0, 50)}"`);
  }
  return raw as T;
}

/** Comma list, empty items dropped. */
export function getList(query: QueryObject, name: string): string[] | undefined {
  const raw = getString(query, name);
  if (raw === undefined) return undefined;
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
