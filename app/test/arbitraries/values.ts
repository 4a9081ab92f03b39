import fc from "fast-check";
import { deepRichText } from "../hostile-rich-text/documents";

/** Raw JSON as editors, imports and attackers write it: scalars, hostile and huge strings, deep and wrong values. */
/** Strings that break naive code: markup, script URLs, look-alike keys, odd Unicode. */
export const HOSTILE_TEXTS: readonly string[] = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " \n\tjavascript:alert(1)",
  "&#106;avascript:alert(1)",
  "%6Aavascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "../../../etc/passwd",
  "..",
  ".",
  "/",
  "//evil.example/x",
  "#",
  "?",
  "\\",
  "mailto:",
  "tel:",
  "",
  " ",
  "\u00a0",
  "\n\n",
  "\u0000",
  "\u202eevil",
  "\ud800",
  "😀‍🔥",
  "Ω≈ç√ ÄÖÜß",
  "'; DROP TABLE stories; --",
  "a".repeat(300),
];

// module-level: built once per test file, not once per generated value
/** 100,000-character strings. */
const HUGE_TEXTS = [
  "x".repeat(100_000),
  "<img src=x onerror=alert(1)>".repeat(3572),
  "ü".repeat(100_000),
  "word ".repeat(20_000),
  "javascript:alert(1)//".repeat(4762),
];

export const hugeTextArb: fc.Arbitrary<string> = fc.integer({ min: 0, max: 4 }).map((index) => HUGE_TEXTS[index]!);

/** Any text an editor, an import or an attacker could put into a text field. */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 16 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: hugeTextArb },
);

export const scalarArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 1e21, 2 ** 53 + 2),
  textArb,
);

/** Keys of raw objects: random ones and the field names the site reads. */
export const keyArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(
    "component",
    "_uid",
    "filename",
    "alt",
    "name",
    "title",
    "Image",
    "Name",
    "Tags",
    "link",
    "body",
    "content",
    "type",
    "text",
    "marks",
    "attrs",
    "href",
    "url",
    "cached_url",
    "linktype",
    "ImageData",
    "Wrapper",
    "media",
    "Headline",
    "Text",
    "story",
    "__proto__",
    "constructor",
  ),
);

/** An object that JSON.parse builds with an own "__proto__" key. */
const protoKeyArb: fc.Arbitrary<unknown> = fc
  .constantFrom(
    '{"__proto__":{"polluted":true,"filename":"javascript:alert(1)//x.jpg"}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
  )
  .map((json) => JSON.parse(json) as unknown);

/** Any JSON-like value: scalars, lists and objects nested a few levels. */
export const anyValueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    { weight: 5, arbitrary: scalarArb },
    { weight: 2, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.dictionary(keyArb, tie("value"), { maxKeys: 4, noNullPrototype: true }) },
    { weight: 1, arbitrary: protoKeyArb },
  ),
})).value;

/** A value of any type but a list: what a list field holds when it is broken. */
export const notAListArb: fc.Arbitrary<unknown> = anyValueArb.filter((value) => !Array.isArray(value));

/** A value nested 100 to 10,000 levels deep in objects and lists (JSON.parse builds such values). */
export const deepValueArb: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 100, max: 10_000 }), fc.constantFrom("array", "object", "blok", "richtext"))
  .map(([depth, kind]) => {
    if (kind === "richtext") return deepRichText(depth, "bullet_list");
    let value: unknown = "deep";
    for (let level = 0; level < depth; level += 1) {
      if (kind === "array") value = [value];
      else if (kind === "object") value = { content: value, body: [value] };
      else value = { component: "gallery", _uid: `d${level}`, ImageData: [value], body: [value] };
    }
    return value;
  });

/** A field's value when the editor got it wrong: any type, deep, huge, or missing. */
export const wrongArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: anyValueArb },
  { weight: 1, arbitrary: deepValueArb },
);

/** uids: real ones, blanks, duplicates, and ones that look like the site's own fallback keys. */
export const uidArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      "a",
      "0",
      "1",
      "tile-0",
      "tile-1",
      "item-0",
      "item-1",
      "media-0-0",
      "media-0-1",
      "blok-0",
      "blok-1",
      "photo-0",
      "photo-1",
      "image-0",
      "imprint-0",
      "imprint-1",
      "no-image",
    ),
  },
  { weight: 1, arbitrary: scalarArb },
);
