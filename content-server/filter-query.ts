import type { StoryRecord } from "./content-files";
import { invalidParameter } from "./errors";
import { single, type QueryValue } from "./query";
import { compileWildcard } from "./wildcard";

/**
 * Storyblok's `filter_query` of `GET /v2/cdn/stories`: conditions on content
 * fields (is, in, not_in, like, not_like, any_in_array, all_in_array, the
 * date and number bounds), combined with `__or`.
 */

export type Predicate = (record: StoryRecord) => boolean;

export function valueAt(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function parseDate(name: string, raw: string): number {
  // Storyblok's examples use "2018-03-03 10:00"; read zone-less values as UTC
  let text = raw.trim().replace(" ", "T");
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) text += "Z";
  const t = Date.parse(text);
  if (!Number.isFinite(t)) throw invalidParameter(`Parameter "${name}" must be a date, got "${raw.slice(0, 50)}"`);
  return t;
}

/** A story field or content field path, as filter_query and sort_by name it. */
export const FIELD_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

export function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

type FieldGetter = (record: StoryRecord) => unknown;

/** One `filter_query[field][operation]=value` condition. */
function condition(field: string, op: string, raw: string): Predicate {
  const name = `filter_query[${field}][${op}]`;
  if (!FIELD_NAME.test(field)) throw invalidParameter(`Invalid filter_query field "${field.slice(0, 50)}"`);
  const path = field.split(".");
  const get: FieldGetter = (r) => valueAt(r.story.content, path);
  const list = raw.split(",").map((s) => s.trim());
  switch (op) {
    case "is":
      return isCondition(get, raw);
    case "in":
      return (r) => list.includes(asText(get(r)));
    case "not_in":
      return (r) => !list.includes(asText(get(r)));
    case "like":
    case "not_like": {
      const matches = compileWildcard(raw, name);
      return op === "like" ? (r) => matches(asText(get(r))) : (r) => !matches(asText(get(r)));
    }
    case "any_in_array":
      return (r) => {
        const v = get(r);
        return Array.isArray(v) && v.some((x) => list.includes(asText(x)));
      };
    case "all_in_array":
      return (r) => {
        const v = get(r);
        return Array.isArray(v) && list.every((x) => v.some((y) => asText(y) === x));
      };
    case "gt_date":
    case "lt_date":
      return dateCondition(get, name, raw, op === "gt_date");
    case "gt_int":
    case "lt_int":
    case "gt_float":
    case "lt_float":
      return numberCondition(get, name, raw, op);
    default:
      throw invalidParameter(`Unknown filter_query operation "${op.slice(0, 50)}"`);
  }
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
}

/** `[is]`: one of its keywords (empty, true, null, ...), else the value itself. */
function isCondition(get: FieldGetter, raw: string): Predicate {
  switch (raw) {
    case "empty":
      return (r) => isEmpty(get(r));
    case "not_empty":
      return (r) => !isEmpty(get(r));
    case "empty_array":
      return (r) => {
        const v = get(r);
        return !Array.isArray(v) || v.length === 0;
      };
    case "not_empty_array":
      return (r) => {
        const v = get(r);
        return Array.isArray(v) && v.length > 0;
      };
    case "true":
      return (r) => get(r) === true || get(r) === "true";
    case "false":
      return (r) => {
        const v = get(r);
        return v === false || v === "false" || v === undefined || v === null || v === "";
      };
    case "null":
      return (r) => get(r) === null || get(r) === undefined;
    case "not_null":
      return (r) => get(r) !== null && get(r) !== undefined;
    default:
      return (r) => asText(get(r)) === raw;
  }
}

/** `[gt_date]`, `[lt_date]`: a field's date (zone-less read as UTC) after or before the bound. */
function dateCondition(get: FieldGetter, name: string, raw: string, gt: boolean): Predicate {
  const bound = parseDate(name, raw);
  return (r) => {
    const v = get(r);
    if (typeof v !== "string" || v === "") return false;
    const t = Date.parse(v.replace(" ", "T") + (/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? "" : "Z"));
    return Number.isFinite(t) && (gt ? t > bound : t < bound);
  };
}

/** `[gt_int]`, `[lt_int]`, `[gt_float]`, `[lt_float]`: a field's number above or below the bound. */
function numberCondition(get: FieldGetter, name: string, raw: string, op: string): Predicate {
  const isInt = op.endsWith("_int");
  const bound = isInt ? Number.parseInt(raw, 10) : Number.parseFloat(raw);
  if (!Number.isFinite(bound)) throw invalidParameter(`${name} must be a number`);
  const gt = op.startsWith("gt_");
  return (r) => {
    const v = get(r);
    const n = isInt ? Number.parseInt(asText(v), 10) : Number.parseFloat(asText(v));
    return Number.isFinite(n) && (gt ? n > bound : n < bound);
  };
}

/** Most conditions one request may hold (each is evaluated on every story). */
const MAX_CONDITIONS = 50;

/**
 * The conditions of one filter_query object. Outside `__or` a repeated
 * condition keeps its last value (as Rails does); inside, each value is one
 * more alternative: the official client sends
 * `filter_query[__or][][Tags][any_in_array]=a&filter_query[__or][][Tags][any_in_array]=b`.
 */
function conditionsOf(obj: QueryValue, into: Predicate[], alternatives: boolean): void {
  if (typeof obj !== "object" || Array.isArray(obj)) {
    throw invalidParameter("filter_query must look like filter_query[field][operation]=value");
  }
  for (const [field, ops] of Object.entries(obj)) {
    if (field === "__or") continue;
    if (typeof ops !== "object" || Array.isArray(ops)) {
      throw invalidParameter(
        `filter_query[${field.slice(0, 50)}] needs an operation, e.g. filter_query[${field.slice(0, 50)}][in]=value`,
      );
    }
    for (const [op, value] of Object.entries(ops)) {
      const name = `filter_query[${field.slice(0, 50)}][${op.slice(0, 50)}]`;
      const values = alternatives && Array.isArray(value) ? value : [value];
      for (const one of values) into.push(condition(field, op, single(one, name)));
      if (into.length > MAX_CONDITIONS)
        throw invalidParameter(`filter_query holds more than ${MAX_CONDITIONS} conditions`);
    }
  }
}

/** The predicate of a whole `filter_query` parameter, its `__or` alternatives included. */
export function filterQuery(value: QueryValue): Predicate {
  const all: Predicate[] = [];
  conditionsOf(value, all, false);
  let any: Predicate[] | undefined;
  if (typeof value === "object" && !Array.isArray(value) && value.__or !== undefined) {
    const alternatives = value.__or;
    const items = Array.isArray(alternatives) ? alternatives : [alternatives];
    any = [];
    // Rails merges [__or][] items that name different fields into one object; every condition is one alternative
    for (const item of items) conditionsOf(item, any, true);
    if (all.length + any.length > MAX_CONDITIONS)
      throw invalidParameter(`filter_query holds more than ${MAX_CONDITIONS} conditions`);
  }
  return (r) => all.every((p) => p(r)) && (!any || any.length === 0 || any.some((p) => p(r)));
}
