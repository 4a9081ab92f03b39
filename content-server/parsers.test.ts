import { describe, expect, it } from "vitest";
import { HttpError } from "./errors";
import { parseFilters, parseTransform } from "./image-params";
import { parseQuery } from "./query";
import { collectLinkUuids, collectRelationUuids, parseRelationPatterns } from "./relations";

/** The pure parsers: query strings, image transforms, relation patterns. */

describe("parseQuery", () => {
  it("reads flat and Rails-style nested parameters", () => {
    const q = parseQuery(
      "token=a&per_page=5&filter_query[Tags][any_in_array]=x,y&filter_query[__or][][a][is]=1&filter_query[__or][][b][is]=2&filter_query[__or][][a][is]=3&s=a+b%20c",
    );
    expect(q.token).toBe("a");
    expect(q.s).toBe("a b c");
    // qs merges the `[__or][]` items; a repeated condition becomes a list of alternatives
    expect(JSON.parse(JSON.stringify(q.filter_query))).toEqual({
      Tags: { any_in_array: "x,y" },
      __or: [{ a: { is: ["1", "3"] }, b: { is: "2" } }],
    });
    expect(parseQuery("version=draft&version=published").version).toEqual(["draft", "published"]);
  });

  it("has no prototype to pollute", () => {
    const q = parseQuery("__proto__[polluted]=1&constructor[x]=2");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(q)).toBeNull();
  });

  it("rejects malformed input with 400", () => {
    for (const bad of [
      "a=%zz",
      "a%zz=1",
      Array.from({ length: 501 }, (_, i) => `k${i}=1`).join("&"),
      "a[b][c][d][e][f][g]=1",
      `a[${"x".repeat(10)}]=1&${"a[]=1&".repeat(101)}`,
    ]) {
      expect(() => parseQuery(bad), bad).toThrow(HttpError);
    }
  });
});

describe("image transform grammar", () => {
  it("reads sizes, fit-in, smart and filters", () => {
    expect(parseTransform("")).toMatchObject({ width: 0, height: 0, fitIn: false });
    expect(parseTransform("/")).toMatchObject({ width: 0, height: 0 });
    expect(parseTransform("/1200x0/")).toMatchObject({ width: 1200, height: 0 });
    expect(parseTransform("/fit-in/300x200")).toMatchObject({ fitIn: true, width: 300, height: 200 });
    expect(parseTransform("/-300x0")).toMatchObject({ flipX: true, width: 300 });
    expect(parseTransform("/600x400/smart/filters:quality(50)")).toMatchObject({
      smart: true,
      filters: { quality: 50 },
    });
    expect(parseFilters("focal(10x20:30x40):fill(FFF):format(jpg):grayscale()")).toEqual({
      focal: { x1: 10, y1: 20, x2: 30, y2: 40 },
      fill: { r: 255, g: 255, b: 255, alpha: 1 },
      format: "jpeg",
      grayscale: true,
    });
  });

  it("refuses what it does not know", () => {
    for (const bad of [
      "/4001x10",
      "/fit-in",
      "/fit-in/0x0",
      "/10x10/smart/smart",
      "//10x10",
      "/filters:quality(1):quality(2)",
      "/filters:focal(1x1)",
      "/filters:blur(x)",
      "/filters:",
      "x",
    ]) {
      expect(() => parseTransform(bad), bad).toThrow(HttpError);
    }
  });
});

describe("relations and links", () => {
  it("collects relation uuids of component.field patterns", () => {
    const content = {
      component: "page",
      _uid: "1",
      body: [
        { component: "list", _uid: "2", items: ["a", "b"], one: "c" },
        { component: "other", items: ["z"] },
      ],
    };
    const out = new Set<string>();
    collectRelationUuids(content, parseRelationPatterns("list.items,list.one"), out);
    expect([...out]).toEqual(["a", "b", "c"]);
  });

  it("collects story links from multilinks and rich text", () => {
    const content = {
      link: { id: "u1", linktype: "story", fieldtype: "multilink" },
      url: { id: "", url: "https://x", linktype: "url", fieldtype: "multilink" },
      text: {
        type: "doc",
        content: [{ type: "text", marks: [{ type: "link", attrs: { uuid: "u2", linktype: "story" } }] }],
      },
    };
    const out = new Set<string>();
    collectLinkUuids(content, out);
    expect([...out].sort()).toEqual(["u1", "u2"]);
  });
});
