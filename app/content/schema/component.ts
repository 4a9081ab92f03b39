import * as v from "valibot";
import { isRecord } from "../is-record";
import { defineField, type Field, type FieldOptions } from "./fields";
import { lenientObject } from "./values";

/**
 * A Storyblok component (a "blok") as code: its name, how Storyblok's editor
 * offers it, and its fields. `parse` turns any value into the component's
 * typed content: every field present, each with its safe default.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any output type
type AnyField = Field<any>;

/** A blok's content as parsed: Storyblok's own keys, then one typed value per field. */
export type BlokContent<Fields extends Record<string, AnyField>> = {
  /** "" when the blok has none */
  _uid: string;
  component: string;
  /** the visual editor's marker (draft answers), kept for editableAttributes */
  _editable?: unknown;
} & { [Name in keyof Fields]: Fields[Name] extends Field<infer Output> ? Output : never };

export interface ComponentDefinition<
  Name extends string = string,
  Fields extends Record<string, AnyField> = Record<string, AnyField>,
> {
  name: Name;
  /** the name Storyblok's editor shows */
  display: string;
  /** what it is for: the editor's description and the docs' */
  description: string;
  /** a story's content type (story.content) rather than a blok nested in one */
  root: boolean;
  /** the field whose value Storyblok's editor shows in lists of this blok */
  preview?: string;
  fields: Fields;
  parse(value: unknown): BlokContent<Fields>;
  /** A parser of only the named fields (a listing that needs one field of many stories). */
  pick<Name extends keyof Fields & string>(...names: Name[]): (value: unknown) => Pick<BlokContent<Fields>, Name>;
}

const blokKeys = {
  _uid: v.fallback(v.string(), ""),
  component: v.fallback(v.string(), ""),
  _editable: v.unknown(),
};

/* @__NO_SIDE_EFFECTS__ */
export function defineComponent<Name extends string, Fields extends Record<string, AnyField>>(
  name: Name,
  options: {
    display: string;
    description: string;
    root?: boolean;
    preview?: keyof Fields & string;
    fields: Fields;
  },
): ComponentDefinition<Name, Fields> {
  const entries: Record<string, v.GenericSchema> = { ...blokKeys };
  for (const [key, field] of Object.entries(options.fields)) entries[key] = field.schema;
  const schema = lenientObject(entries) as v.GenericSchema<unknown, BlokContent<Fields>>;
  const pick = (...names: string[]) => {
    const picked = lenientObject(Object.fromEntries(names.map((key) => [key, entries[key]!])));
    return (value: unknown) => v.parse(picked, value);
  };
  return {
    name,
    display: options.display,
    description: options.description,
    root: options.root ?? false,
    preview: options.preview,
    fields: options.fields,
    parse: (value) => v.parse(schema, value),
    pick: pick as ComponentDefinition<Name, Fields>["pick"],
  };
}

/** A bloks field: the raw list (null when the value is no list), parsed by the components it allows. */
/* @__NO_SIDE_EFFECTS__ */
export function bloks(
  options: FieldOptions & { allow: ReadonlyArray<ComponentDefinition>; maximum?: number },
): Field<unknown[] | null> {
  return defineField("bloks", options, v.fallback(v.nullable(v.array(v.unknown())), null), {
    restrict_type: "",
    restrict_components: true,
    component_whitelist: options.allow.map((component) => component.name),
    ...(options.maximum ? { maximum: options.maximum } : {}),
  });
}

/**
 * A content type whose body holds one blok of `content` (the header, footer
 * and index stories: the site reads their first body blok).
 */
/* @__NO_SIDE_EFFECTS__ */
export function oneBlokStory<Name extends string>(
  name: Name,
  options: { display: string; description: string; content: ComponentDefinition },
) {
  const { display, description, content } = options;
  return defineComponent(name, {
    display,
    description,
    root: true,
    fields: {
      body: bloks({
        display,
        description: `One ${content.display.toLowerCase()} blok.`,
        allow: [content],
        maximum: 1,
        required: true,
      }),
    },
  });
}

/** The entries of a list that holds one kind of blok: every object in it, parsed as `component`. */
export function entriesOf<Fields extends Record<string, AnyField>>(
  list: unknown,
  component: ComponentDefinition<string, Fields>,
): Array<BlokContent<Fields>> {
  return Array.isArray(list) ? list.filter(isRecord).map((item) => component.parse(item)) : [];
}

/**
 * React keys for a list of bloks: each blok's _uid, or `fallback` where it has
 * none or repeats one (editors duplicate bloks), never the same key twice
 * (an editor's _uid may look like a fallback key).
 */
export function uniqueKeys(): (uid: string, fallback: string) => string {
  const seen = new Set<string>();
  return (uid, fallback) => {
    let key = uid && !seen.has(uid) ? uid : fallback;
    for (let n = 2; seen.has(key); n += 1) key = `${fallback}-${n}`;
    seen.add(key);
    return key;
  };
}
