import fc from "fast-check";
import { expect } from "vitest";
import { isRecord } from "~/content/is-record";
import { fuzzParameters } from "./arbitraries/fuzz-budget";
import { LEAK_TOKENS, tokensInInput } from "./dom-invariants";
import { hasSchemeOutside, LINK_SCHEMES, MEDIA_SCHEMES } from "./url-schemes";

/**
 * What the fuzz tests of the normalisers (raw Storyblok story -> view model)
 * ask of any view model: finite numbers, no functions, no stringified
 * undefined/objects/NaN (unless the input said so), safe hrefs and media,
 * sanitised rich text, unique React keys.
 */

/** The node and mark types a sanitised document may hold (SPEC 3), written out here as the test's own oracle. */
const RICH_TEXT_NODES = new Set([
  ..."paragraph heading blockquote bullet_list ordered_list list_item code_block".split(" "),
  ..."hard_break horizontal_rule image emoji text".split(" "),
]);
const RICH_TEXT_MARKS = new Set(
  "bold italic strike underline code superscript subscript highlight textStyle anchor styled link".split(" "),
);

/** What a sanitised rich text document may hold (see app/content/rich-text.ts). */
function richTextProblems(document: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(document) || document.type !== "doc" || !Array.isArray(document.content)) return ["not a document"];
  const stack: Array<{ node: unknown; depth: number }> = document.content.map((node) => ({ node, depth: 1 }));
  while (stack.length > 0 && problems.length < 10) {
    const { node, depth } = stack.pop()!;
    if (!isRecord(node) || typeof node.type !== "string") {
      problems.push(`malformed node ${String(node)}`);
      continue;
    }
    if (depth > 30) problems.push(`nested ${depth} deep`);
    if (!RICH_TEXT_NODES.has(node.type)) problems.push(`node type ${node.type}`);
    if (node.type === "text" && (typeof node.text !== "string" || node.text === ""))
      problems.push("text node without text");
    if (node.type === "image") {
      const src = isRecord(node.attrs) ? node.attrs.src : undefined;
      if (typeof src !== "string" || hasSchemeOutside(src, MEDIA_SCHEMES)) problems.push(`image src ${String(src)}`);
    }
    if (node.type === "emoji" && isRecord(node.attrs) && node.attrs.fallbackImage != null)
      problems.push("emoji keeps its fallback image");
    for (const mark of Array.isArray(node.marks) ? node.marks : []) {
      if (!isRecord(mark) || typeof mark.type !== "string" || !RICH_TEXT_MARKS.has(mark.type)) {
        problems.push(`mark ${JSON.stringify(mark)}`);
        continue;
      }
      if (mark.type === "link") {
        const href = isRecord(mark.attrs) ? mark.attrs.href : undefined;
        if (typeof href !== "string" || href === "" || hasSchemeOutside(href, LINK_SCHEMES))
          problems.push(`link href ${String(href)}`);
        const custom = isRecord(mark.attrs) && isRecord(mark.attrs.custom) ? mark.attrs.custom : {};
        for (const name of Object.keys(custom)) {
          if (!["title", "rel", "hreflang", "aria-label"].includes(name))
            problems.push(`link custom attribute ${name}`);
        }
      }
    }
    if (Array.isArray(node.content)) for (const child of node.content) stack.push({ node: child, depth: depth + 1 });
  }
  return problems;
}

const URL_KEYS = new Set(["href"]);
const MEDIA_KEYS = new Set(["src", "img", "image", "filename"]);

/**
 * What any view model must satisfy: finite numbers, no functions, no
 * stringified undefined/objects/NaN (unless the input said so), safe hrefs,
 * sanitised rich text. Iterative: inputs can be 10,000 levels deep.
 */
export function viewModelProblems(model: unknown, input: unknown): string[] {
  const allowed = tokensInInput(input);
  const problems: string[] = [];
  const stack: Array<{ value: unknown; path: string; key: string }> = [{ value: model, path: "$", key: "" }];
  while (stack.length > 0 && problems.length < 10) {
    const { value, path, key } = stack.pop()!;
    switch (typeof value) {
      case "number":
        if (!Number.isFinite(value)) problems.push(`${path} is ${value}`);
        break;
      case "string":
        for (const token of LEAK_TOKENS) {
          if (!allowed.has(token) && value.includes(token))
            problems.push(`${path} shows ${token}: ${JSON.stringify(value.slice(0, 80))}`);
        }
        if (URL_KEYS.has(key) && hasSchemeOutside(value, LINK_SCHEMES))
          problems.push(`${path} links to ${JSON.stringify(value.slice(0, 80))}`);
        if (MEDIA_KEYS.has(key) && hasSchemeOutside(value, MEDIA_SCHEMES))
          problems.push(`${path} loads ${JSON.stringify(value.slice(0, 80))}`);
        break;
      case "function":
      case "symbol":
      case "bigint":
        problems.push(`${path} is a ${typeof value}`);
        break;
      case "object":
        if (value === null) break;
        if (isRecord(value) && value.type === "doc" && Array.isArray(value.content) && key !== "body") {
          problems.push(...richTextProblems(value).map((problem) => `${path}: ${problem}`));
          break;
        }
        for (const [childKey, child] of Object.entries(value)) {
          stack.push({ value: child, path: `${path}.${childKey}`, key: childKey });
        }
        break;
      default:
        break;
    }
  }
  return problems;
}

export function expectUniqueKeys(label: string, keys: readonly string[]) {
  const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
  expect(duplicates, `${label}: duplicate React keys`).toEqual([]);
}

/**
 * The common property: `parse` never throws, is deterministic and gives a
 * clean view model; then the page's own `check`. `countCase` counts each
 * generated case (fuzzTestFile).
 */
export function checkNormaliser<T>(
  countCase: () => void,
  arbitrary: fc.Arbitrary<unknown>,
  numRuns: number,
  parse: (input: unknown) => T,
  check?: (output: T, input: unknown) => void,
) {
  fc.assert(
    fc.property(arbitrary, (input) => {
      countCase();
      const output = parse(input);
      expect(viewModelProblems(output, input)).toEqual([]);
      expect(parse(input)).toEqual(output);
      check?.(output, input);
    }),
    fuzzParameters(numRuns),
  );
}

/** A story's content object; {} when it has none. */
export const contentOf = (story: unknown): Record<string, unknown> =>
  isRecord(story) && isRecord(story.content) ? story.content : {};
