import { describe, expect, it } from "vitest";
import { parseAsset, parseBloks, parseBoolean, parseLink, parseText, parseTextList } from "./values";

describe("parseText / parseBoolean / parseTextList", () => {
  it("keeps values of the right type", () => {
    expect(parseText("Halbton")).toBe("Halbton");
    expect(parseBoolean(true)).toBe(true);
    expect(parseTextList(["Poster", "Digital"])).toEqual(["Poster", "Digital"]);
  });

  it("falls back on missing or wrongly typed values", () => {
    expect(parseText(undefined)).toBe("");
    expect(parseText(42)).toBe("");
    expect(parseBoolean("true")).toBe(false);
    expect(parseTextList("Poster")).toEqual([]);
    expect(parseTextList(["Poster", 3, null, "  "])).toEqual(["Poster"]);
  });
});

describe("parseAsset", () => {
  it("reads filename and alt", () => {
    const asset = parseAsset({
      filename: "https://a.storyblok.com/f/1/10x10/ab/x.webp",
      alt: "A poster",
      fieldtype: "asset",
    });
    expect(asset).toEqual({
      filename: "https://a.storyblok.com/f/1/10x10/ab/x.webp",
      alt: "A poster",
      name: "",
      title: "",
      focus: "",
      copyright: "",
    });
  });

  it("yields an empty asset for null, strings and broken objects", () => {
    for (const broken of [null, undefined, "x.webp", 7, { filename: 7 }]) {
      expect(parseAsset(broken).filename).toBe("");
    }
  });
});

describe("parseLink", () => {
  it("turns a story link into a site path", () => {
    expect(parseLink({ linktype: "story", cached_url: "articles/tidewater", id: "u" })).toMatchObject({
      href: "/articles/tidewater",
      internal: true,
    });
    expect(parseLink({ linktype: "story", cached_url: "home" }).href).toBe("/");
    expect(parseLink({ linktype: "story", cached_url: "about", anchor: "team" }).href).toBe("/about#team");
  });

  it("builds mailto links from email multilinks", () => {
    expect(parseLink({ linktype: "email", email: "hallo@halbton.studio" }).href).toBe("mailto:hallo@halbton.studio");
    expect(parseLink({ linktype: "email", url: "mailto:hallo@halbton.studio" }).href).toBe(
      "mailto:hallo@halbton.studio",
    );
  });

  it("passes http(s), mailto and tel urls and keeps the target", () => {
    expect(parseLink({ linktype: "url", url: "https://example.org", target: "_blank" })).toMatchObject({
      href: "https://example.org",
      internal: false,
      target: "_blank",
    });
    expect(parseLink({ linktype: "url", url: "tel:+49301234" }).href).toBe("tel:+49301234");
  });

  it("an asset's root-relative file is no page of the site", () => {
    expect(parseLink({ linktype: "asset", url: "/f/287401/595x842/ab12/mappe.pdf" })).toMatchObject({
      href: "/f/287401/595x842/ab12/mappe.pdf",
      internal: false,
    });
    expect(parseLink({ linktype: "url", url: "/imprint" }).internal).toBe(true);
  });

  it("keeps relative references", () => {
    expect(parseLink({ linktype: "url", url: "press/kit.pdf" }).href).toBe("press/kit.pdf");
  });

  it("drops executable and unknown schemes", () => {
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "javascript&#58;alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
    ]) {
      expect(parseLink({ linktype: "url", url }).href).toBe("");
    }
  });

  it("gives an empty link for missing values", () => {
    expect(parseLink(undefined)).toEqual({ href: "", internal: false, target: "_self", title: "" });
    expect(parseLink({ linktype: "story", cached_url: "" }).href).toBe("");
  });
});

describe("parseBloks", () => {
  it("keeps only objects with a component name", () => {
    const bloks = parseBloks([{ component: "hero", _uid: "1" }, null, "x", { _uid: "2" }, { component: "gallery" }]);
    expect(bloks.map((blok) => blok.component)).toEqual(["hero", "gallery"]);
    expect(bloks[1]?._uid).toBe("");
  });

  it("gives an empty list for non-lists", () => {
    expect(parseBloks({ component: "hero" })).toEqual([]);
  });
});
