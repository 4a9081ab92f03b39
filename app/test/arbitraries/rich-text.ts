import fc from "fast-check";
import { BLOCK_TYPES as KEPT_BLOCK_TYPES } from "~/content/rich-text-outline";
import { deepRichText } from "../hostile-rich-text/documents";
import { HOSTILE_IMAGE_SOURCES } from "../hostile-rich-text/urls";
import { altArb, urlArb } from "./media";
import { anyValueArb, scalarArb, textArb } from "./values";

/** Rich text fields: well-formed, malformed, hostile, huge and deep documents. */

/** Marks of SPEC 3, the names other editors use for some, and ones that must not pass. */
const MARK_TYPES = [
  ...["bold", "strong", "italic", "em", "strike", "underline", "code", "superscript", "subscript"],
  ...["highlight", "textStyle", "anchor", "styled", "link"],
  ...["unknown", "onclick", "__proto__", "script"],
];
const COLOURS = [
  "red",
  "#ff0000",
  "rgb(1, 2, 3)",
  "red;background:url(javascript:alert(1))",
  "expression(alert(1))",
  "url(x)",
  "",
  "#12345678901",
];

const markArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        type: fc.constantFrom(...MARK_TYPES),
        attrs: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.record(
              {
                href: urlArb,
                linktype: fc.constantFrom<unknown>("url", "email", "story", "asset", "", 3),
                target: fc.constantFrom<unknown>("_blank", "_self", "_top", null),
                anchor: fc.constantFrom<unknown>("", "x", '"><script>alert(1)</script>'),
                custom: fc.oneof(
                  scalarArb,
                  fc.dictionary(
                    fc.constantFrom(
                      "onmouseover",
                      "onclick",
                      "style",
                      "href",
                      "srcdoc",
                      "formaction",
                      "rel",
                      "title",
                      "hreflang",
                      "aria-label",
                      "class",
                      "id",
                      "target",
                    ),
                    fc.oneof(urlArb, textArb),
                    { maxKeys: 5, noNullPrototype: true },
                  ),
                ),
                color: fc.constantFrom<unknown>(...COLOURS, 5),
                id: fc.constantFrom<unknown>("section-1", "__proto__", '" onclick="x', "A", 5),
                class: fc.constantFrom<unknown>("fancy", '" onclick="x', "a b c d", 5),
              },
              { requiredKeys: [], noNullPrototype: true },
            ),
          },
          { weight: 1, arbitrary: anyValueArb },
        ),
      },
      { requiredKeys: ["type"], noNullPrototype: true },
    ),
  },
  { weight: 1, arbitrary: anyValueArb },
);

/** The block types the sanitiser keeps, and containers it must take apart or drop. */
const BLOCK_TYPES = [
  ...KEPT_BLOCK_TYPES,
  "table",
  "tableRow",
  "iframe",
  "script",
  "blok",
  "doc",
  "__proto__",
  "unknown",
];
const LEAF_TYPES = ["hard_break", "horizontal_rule", "image", "emoji"];

const nodeAttrsArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        level: fc.oneof(fc.integer({ min: -3, max: 9 }), scalarArb),
        order: fc.oneof(fc.integer(), scalarArb),
        textAlign: fc.constantFrom<unknown>("left", "center", "justify", "center;background:url(x)", 5),
        src: fc.oneof(
          urlArb,
          fc.constantFrom(...HOSTILE_IMAGE_SOURCES, "https://a.storyblok.com/f/1/400x300/abc/x.jpg"),
        ),
        alt: altArb,
        title: textArb,
        emoji: fc.oneof(fc.constantFrom("😀", "<img src=x onerror=alert(1)>"), scalarArb),
        name: textArb,
        fallbackImage: urlArb,
        onclick: fc.constant("alert(1)"),
        style: fc.constant("background:url(javascript:alert(1))"),
        id: textArb,
        class: textArb,
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
  },
  { weight: 1, arbitrary: anyValueArb },
);

/** A rich text document: well-formed, malformed, hostile, huge or deep. */
export const richTextArb: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown; doc: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    {
      weight: 4,
      arbitrary: fc.record(
        {
          type: fc.constant("text"),
          text: fc.oneof({ weight: 5, arbitrary: textArb }, { weight: 1, arbitrary: scalarArb }),
          marks: fc.oneof(
            { weight: 4, arbitrary: fc.array(markArb, { maxLength: 3 }) },
            { weight: 1, arbitrary: anyValueArb },
          ),
        },
        { requiredKeys: ["type", "text"], noNullPrototype: true },
      ),
    },
    {
      weight: 3,
      arbitrary: fc.record(
        {
          type: fc.constantFrom(...BLOCK_TYPES),
          attrs: nodeAttrsArb,
          content: fc.oneof(
            { weight: 5, arbitrary: fc.array(tie("node"), { maxLength: 4 }) },
            { weight: 1, arbitrary: anyValueArb },
          ),
        },
        { requiredKeys: ["type"], noNullPrototype: true },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        { type: fc.constantFrom(...LEAF_TYPES), attrs: nodeAttrsArb },
        { requiredKeys: ["type"], noNullPrototype: true },
      ),
    },
    { weight: 1, arbitrary: anyValueArb },
  ),
  doc: fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record(
        { type: fc.constant("doc"), content: fc.array(tie("node"), { maxLength: 5 }) },
        { noNullPrototype: true },
      ),
    },
    { weight: 1, arbitrary: tie("node") },
    { weight: 1, arbitrary: anyValueArb },
  ),
})).doc;

/** Rich text, now and then 100 to 10,000 levels deep. */
export const richTextFieldArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: richTextArb },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 10_000 })
      .map((depth) => deepRichText(depth, depth % 2 ? "blockquote" : "tableCell")),
  },
);
