import type { ComponentDefinition } from "../../app/content/schema/component";
import type { FieldType } from "../../app/content/schema/fields";
import { isRecord } from "../../app/content/is-record";

/**
 * Whether a story's content is what the component schemas describe, as
 * Storyblok's editor would have written it: every blok a known component
 * allowed where it stands, no field the model does not know, every required
 * field filled, every value of its field's type.
 */

const BLOK_KEYS = new Set(["_uid", "component", "_editable"]);

function hasType(type: FieldType, value: unknown): boolean {
  switch (type) {
    case "text":
    case "textarea":
    case "option":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "options":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
    case "bloks":
      return Array.isArray(value);
    case "richtext":
      return isRecord(value) && value.type === "doc";
    case "asset":
      return value === null || (isRecord(value) && typeof value.filename === "string");
    case "multilink":
      return isRecord(value) && typeof value.linktype === "string";
  }
}

function isFilled(type: FieldType, value: unknown): boolean {
  switch (type) {
    case "text":
    case "textarea":
    case "option":
      return typeof value === "string" && value.trim() !== "";
    case "options":
    case "bloks":
      return Array.isArray(value) && value.length > 0;
    case "richtext":
      return isRecord(value) && Array.isArray(value.content) && value.content.length > 0;
    case "asset":
      return isRecord(value) && typeof value.filename === "string" && value.filename !== "";
    case "multilink":
      return (
        isRecord(value) &&
        [value.url, value.cached_url, value.email].some((part) => typeof part === "string" && part !== "")
      );
    case "boolean":
      return typeof value === "boolean";
  }
}

export function blokProblems(
  blok: unknown,
  allowed: readonly string[],
  components: ReadonlyMap<string, ComponentDefinition>,
  path: string,
): string[] {
  if (!isRecord(blok) || typeof blok.component !== "string") return [`${path}: not a blok`];
  const component = components.get(blok.component);
  if (!component) return [`${path}: unknown component ${blok.component}`];
  const problems: string[] = [];
  const at = `${path} (${component.name})`;
  if (!allowed.includes(component.name)) problems.push(`${at}: not allowed here (${allowed.join(", ")})`);
  if (typeof blok._uid !== "string" || blok._uid === "") problems.push(`${at}: no _uid`);
  for (const key of Object.keys(blok)) {
    // a translation (Storyblok's field-level translation): `{field}__i18n__{language}` of a translatable field
    const translation = /^(.+)__i18n__[a-z]{2}(?:-[a-z0-9]+)?$/i.exec(key);
    if (translation) {
      const field = component.fields[translation[1]!];
      if (!field?.definition.translatable) problems.push(`${at}: ${key} translates no translatable field`);
      else if (!hasType(field.definition.type, blok[key]))
        problems.push(`${at}: ${key} is no ${field.definition.type}`);
      continue;
    }
    if (!BLOK_KEYS.has(key) && !Object.hasOwn(component.fields, key)) problems.push(`${at}: unknown field ${key}`);
  }
  for (const [name, { definition }] of Object.entries(component.fields)) {
    const value = blok[name];
    if (value === undefined) {
      if (definition.required) problems.push(`${at}: required field ${name} is missing`);
      continue;
    }
    if (!hasType(definition.type, value)) problems.push(`${at}: ${name} is no ${definition.type}`);
    else if (definition.required && !isFilled(definition.type, value))
      problems.push(`${at}: required field ${name} is empty`);
    const whitelist = definition.storyblok.component_whitelist as string[] | undefined;
    if (definition.type === "bloks" && Array.isArray(value) && whitelist) {
      value.forEach((child, index) =>
        problems.push(...blokProblems(child, whitelist, components, `${path}.${name}[${index}]`)),
      );
    }
  }
  return problems;
}

/** The problems of a story's content (`story.content`); [] when it conforms. */
export function storyContentProblems(
  content: unknown,
  components: readonly ComponentDefinition[],
  path = "content",
): string[] {
  const byName = new Map(components.map((component) => [component.name, component]));
  const roots = components.filter((component) => component.root).map((component) => component.name);
  return blokProblems(content, roots, byName, path);
}
