import { storyblokEditable } from "@storyblok/react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editableAttributes } from "./editable";

type SdkBlok = Parameters<typeof storyblokEditable>[0];

/** The SDK's answer, for the same blok. */
function sdk(blok: Record<string, unknown>): Record<string, unknown> {
  return storyblokEditable(blok as SdkBlok) as Record<string, unknown>;
}

const wrap = (json: string) => `<!--#storyblok#${json}-->`;

const EXAMPLES: unknown[] = [
  undefined,
  null,
  42,
  {},
  [],
  wrap('{"name": "header_content", "space": "1", "uid": "h1", "id": "11"}'),
  wrap('{"name":"hero","space":"1","uid":"u-1","id":7}'),
  // a valid comment without id or uid
  wrap('{"name":"hero"}'),
  // the JSON alone, without the comment markers
  '{"uid":"a","id":"b"}',
  // only one of the two markers
  '<!--#storyblok#{"uid":"a","id":"b"}',
  '{"uid":"a","id":"b"}-->',
  // the end marker inside the JSON: only the one at the very end is removed
  wrap('{"id":"-->","uid":"<!--#storyblok#"}'),
  // markers twice: only the outer ones are removed
  wrap(wrap('{"uid":"a","id":"b"}')),
  // whitespace around the JSON is allowed by JSON.parse and normalised by JSON.stringify
  wrap('  {"uid" : "a",\n "id": 1}  '),
  // falsy and truthy JSON that is not an object
  wrap("null"),
  wrap("0"),
  wrap("false"),
  wrap('""'),
  wrap("5"),
  wrap('"text"'),
  wrap("true"),
  wrap("[1,2]"),
  wrap('[{"id":1,"uid":2}]'),
  // nested and odd values for id and uid
  wrap('{"id":{"a":1},"uid":[1,2]}'),
  wrap('{"id":null,"uid":false}'),
  wrap('{"id":{"toString":1},"uid":"x"}'),
  wrap('{"__proto__":{"id":"p"},"uid":"x"}'),
  // malformed
  "",
  "<!--#storyblok#-->",
  wrap("{"),
  wrap('{"id":1,}'),
  wrap("undefined"),
  "<!-- something else -->",
  "\u0000",
  wrap('{"id":"\\u00e4\\ud83d\\ude00","uid":"</script>"}'),
];

describe("editableAttributes", () => {
  it("makes the SDK's data-blok-c and data-blok-uid from a blok's _editable comment", () => {
    expect(editableAttributes({ _editable: wrap('{"name":"hero","space":"1","uid":"u-1","id":7}') })).toEqual({
      "data-blok-c": '{"name":"hero","space":"1","uid":"u-1","id":7}',
      "data-blok-uid": "7-u-1",
    });
    expect(editableAttributes({})).toEqual({});
    expect(editableAttributes({ _editable: wrap("{") })).toEqual({});
  });

  it.each(EXAMPLES.map((editable) => [JSON.stringify(editable) ?? String(editable), editable]))(
    "answers as storyblokEditable for _editable %s",
    (_label, editable) => {
      const blok = { component: "hero", _uid: "u-1", _editable: editable };
      expect(editableAttributes(blok)).toStrictEqual(sdk(blok));
    },
  );

  it("answers as storyblokEditable for any string and any JSON in the comment", () => {
    const editable = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      fc.json().map(wrap),
      fc.record({ id: fc.jsonValue(), uid: fc.jsonValue() }).map((value) => wrap(JSON.stringify(value))),
      fc
        .tuple(fc.constantFrom("<!--#storyblok#", "", "<!--"), fc.json(), fc.constantFrom("-->", "", "->", "--> "))
        .map(([start, json, end]) => `${start}${json}${end}`),
    );
    fc.assert(
      fc.property(editable, (value) => {
        const blok = { _editable: value };
        expect(editableAttributes(blok)).toStrictEqual(sdk(blok));
      }),
      { numRuns: 500 },
    );
  });
});
