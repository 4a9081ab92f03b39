import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { COMPONENTS } from "~/content/schema/components";
import { unknownBlokArb } from "./bloks";
import { wrongArb } from "./values";

/** Mutations of the demo stories (content/stories/*.json): faults aimed at the fields the site reads. */

// vitest runs from the package root (jsdom gives import.meta.url no file: scheme)
const STORIES_DIR = join(process.cwd(), "content", "stories");

/**
 * A demo story (the CDN `story` object) from content/stories/{name}.json, as
 * the delivery API answers it in German: without the stored translations
 * (`{field}__i18n__{code}`), which no answer carries.
 */
export function demoStory(name: string): Record<string, unknown> {
  const text = readFileSync(join(STORIES_DIR, `${name}.json`), "utf8");
  const file = JSON.parse(text, (key, value: unknown) => (key.includes("__i18n__") ? undefined : value)) as {
    story: Record<string, unknown>;
  };
  return file.story;
}

/** Every demo article story. */
export function demoArticles(): Record<string, unknown>[] {
  return readdirSync(join(STORIES_DIR, "articles"))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => demoStory(`articles/${file.replace(/\.json$/, "")}`));
}

type Path = ReadonlyArray<string | number>;

/** The fields the site reads (the story's, the model's and their values'): mutations aim at these half of the time. */
const READ_FIELDS = new Set([
  ...["content", "body", "component", "_uid", "id", "name", "slug", "full_slug", "tag_list"],
  ...COMPONENTS.flatMap((component) => Object.keys(component.fields)),
  ...["filename", "alt", "title", "url", "cached_url", "linktype", "email", "target", "anchor"],
  ...["type", "text", "marks", "attrs", "href", "src", "level"],
]);

/** All paths into a JSON value (iterative, bounded). */
export function pathsOf(root: unknown, limit = 20_000): Path[] {
  const paths: Path[] = [];
  const stack: Array<{ value: unknown; path: Path }> = [{ value: root, path: [] }];
  while (stack.length > 0 && paths.length < limit) {
    const { value, path } = stack.pop()!;
    if (path.length > 0) paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    else if (typeof value === "object" && value !== null) {
      for (const key of Object.keys(value))
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return paths;
}

export type MutationOp =
  "drop" | "replace" | "null" | "emptyList" | "emptyObject" | "unknownBlok" | "duplicate" | "wrongScalar" | "stringify";

export interface Mutation {
  /** index into the story's paths (modulo their number) */
  pick: number;
  /** aim at a field the site reads */
  aimed: boolean;
  op: MutationOp;
  value: unknown;
  blok: Record<string, unknown>;
  /** for duplicate: where the copy comes from */
  source: number;
}

export const mutationArb: fc.Arbitrary<Mutation> = fc.record(
  {
    pick: fc.nat(),
    aimed: fc.boolean(),
    op: fc.constantFrom<MutationOp>(
      "drop",
      "drop",
      "replace",
      "replace",
      "null",
      "emptyList",
      "emptyObject",
      "unknownBlok",
      "duplicate",
      "wrongScalar",
      "stringify",
    ),
    value: wrongArb,
    blok: unknownBlokArb,
    source: fc.nat(),
  },
  { noNullPrototype: true },
);

function parentOf(
  root: unknown,
  path: Path,
): { parent: Record<string | number, unknown> | unknown[]; key: string | number } | null {
  let current: unknown = root;
  for (let index = 0; index < path.length - 1; index += 1) {
    if (typeof current !== "object" || current === null) return null;
    current = (current as Record<string | number, unknown>)[path[index]!];
  }
  if (typeof current !== "object" || current === null) return null;
  const key = path[path.length - 1]!;
  if (Array.isArray(current) ? typeof key !== "number" || key >= current.length : !Object.hasOwn(current, key))
    return null;
  return { parent: current as Record<string | number, unknown>, key };
}

/**
 * The values JSON text of `value` would hold, counted up to `limit`: a
 * replaced value can share one object at every level (deepValueArb), whose
 * JSON doubles with each level.
 */
function jsonNodeCount(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const item = stack.pop();
    count += 1;
    if (typeof item === "object" && item !== null) for (const child of Object.values(item)) stack.push(child);
  }
  return count;
}

/** The most values a "duplicate" or "stringify" writes as JSON: a demo article has a few thousand. */
const MAX_JSON_NODES = 20_000;

/** JSON text of a value; null when it has none, is nested too deep to stringify, or is too large. */
function jsonText(value: unknown): string | null {
  if (jsonNodeCount(value, MAX_JSON_NODES) > MAX_JSON_NODES) return null;
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

/** A value of another type than `current`'s, that looks like it. */
function wrongScalarFor(current: unknown): unknown {
  if (typeof current === "string") return 42;
  if (typeof current === "number") return "42";
  if (typeof current === "boolean") return "true";
  if (Array.isArray(current)) return "[]";
  return typeof current === "object" && current !== null ? "{}" : false;
}

/** Applies mutations to a copy of `base`; mutations whose target is already gone are skipped. */
export function applyMutations(base: unknown, paths: { all: Path[]; aimed: Path[] }, mutations: readonly Mutation[]) {
  const root = structuredClone(base) as unknown;
  for (const mutation of mutations) {
    const pool = mutation.aimed && paths.aimed.length > 0 ? paths.aimed : paths.all;
    if (pool.length === 0) break;
    const path = pool[mutation.pick % pool.length]!;
    const target = parentOf(root, path);
    if (!target) continue;
    const { parent, key } = target;
    const current = (parent as Record<string | number, unknown>)[key];
    const set = (value: unknown) => {
      (parent as Record<string | number, unknown>)[key] = value;
    };
    switch (mutation.op) {
      case "drop":
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete (parent as Record<string, unknown>)[key];
        break;
      case "replace":
        set(mutation.value);
        break;
      case "null":
        set(null);
        break;
      case "emptyList":
        set([]);
        break;
      case "emptyObject":
        set({});
        break;
      case "unknownBlok":
        if (Array.isArray(current)) current.splice(mutation.source % (current.length + 1), 0, mutation.blok);
        else if (Array.isArray(parent)) parent.splice(key as number, 0, mutation.blok);
        else set([mutation.blok]);
        break;
      case "duplicate": {
        const from = paths.all[mutation.source % paths.all.length]!;
        const source = parentOf(root, from);
        const json = source ? jsonText((source.parent as Record<string | number, unknown>)[source.key]) : null;
        if (json !== null) set(JSON.parse(json) as unknown);
        break;
      }
      case "wrongScalar":
        set(wrongScalarFor(current));
        break;
      case "stringify": {
        const json = jsonText(current);
        if (json !== null) set(json);
        break;
      }
    }
  }
  return root;
}

/** A demo story with one to six random faults, aimed at the fields the site reads half of the time. */
export function mutatedStoryArb(bases: readonly unknown[]): fc.Arbitrary<unknown> {
  const indexed = bases.map((base) => {
    const all = pathsOf(base);
    const aimed = all.filter((path) => {
      const last = path[path.length - 1];
      return typeof last === "number" || (typeof last === "string" && READ_FIELDS.has(last));
    });
    return { base, paths: { all, aimed } };
  });
  return fc
    .tuple(fc.nat({ max: indexed.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 6 }))
    .map(([which, mutations]) => {
      const { base, paths } = indexed[which]!;
      return applyMutations(base, paths, mutations);
    });
}
