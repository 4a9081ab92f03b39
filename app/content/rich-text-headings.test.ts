import { describe, expect, it } from "vitest";
import { parseRichText, type RichTextDocument } from "./rich-text";
import { withHeadingLevels } from "./rich-text-outline";

const heading = (level: number, text = `h${level}`) => ({
  type: "heading",
  attrs: { level },
  content: [{ type: "text", text }],
});
const doc = (...content: unknown[]) => parseRichText({ type: "doc", content });
const levels = (document: RichTextDocument): number[] =>
  document.content.flatMap((node) =>
    node.type === "heading"
      ? [(node.attrs as { level: number }).level]
      : node.content
        ? levels({ type: "doc", content: node.content })
        : [],
  );

describe("withHeadingLevels", () => {
  it("starts the text's headings at the given level and closes gaps, keeping their order of rank", () => {
    expect(levels(withHeadingLevels(doc(heading(4), heading(5), heading(6)), 3))).toEqual([3, 4, 5]);
    expect(levels(withHeadingLevels(doc(heading(2), heading(5), heading(2), heading(6)), 3))).toEqual([3, 4, 3, 4]);
    expect(levels(withHeadingLevels(doc(heading(1), heading(1)), 2))).toEqual([2, 2]);
  });

  it("never skips a level, even when a deeper heading comes first", () => {
    expect(levels(withHeadingLevels(doc(heading(5), heading(3), heading(5)), 3))).toEqual([3, 3, 4]);
  });

  it("stops at h6 and reaches headings inside blockquotes", () => {
    const nested = doc({ type: "blockquote", content: [heading(2)] }, heading(3), heading(4));
    expect(levels(withHeadingLevels(nested, 5))).toEqual([5, 6, 6]);
  });

  it("leaves a document without headings as it is", () => {
    const plain = doc({ type: "paragraph", content: [{ type: "text", text: "x" }] });
    expect(withHeadingLevels(plain, 3)).toBe(plain);
  });
});
