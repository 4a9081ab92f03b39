import { describe, expect, it } from "vitest";
import {
  languageOfPath,
  languageQuery,
  localizedHref,
  localizedPath,
  otherLanguage,
  unlocalizedPath,
} from "./language";

describe("site paths by language", () => {
  it("reads the language from the /en prefix only", () => {
    expect(["/en", "/en/", "/en/about", "/en/articles/x"].map(languageOfPath)).toEqual(["en", "en", "en", "en"]);
    expect(["/", "/about", "/english", "/articles/en"].map(languageOfPath)).toEqual(["de", "de", "de", "de"]);
  });

  it("adds and removes the prefix", () => {
    expect(localizedPath("/", "en")).toBe("/en");
    expect(localizedPath("/articles/a", "en")).toBe("/en/articles/a");
    expect(localizedPath("/about", "de")).toBe("/about");
    expect(unlocalizedPath("/en")).toBe("/");
    expect(unlocalizedPath("/en/index")).toBe("/index");
    expect(unlocalizedPath("/english")).toBe("/english");
  });

  it("localizes only hrefs inside the site", () => {
    expect(localizedHref("/index", "en")).toBe("/en/index");
    expect(localizedHref("/en/index", "en")).toBe("/en/index");
    for (const href of ["https://x.example/", "mailto:a@b.example", "#top", "//cdn.example/x"])
      expect(localizedHref(href, "en")).toBe(href);
    expect(localizedHref("/index", "de")).toBe("/index");
  });

  it("asks Storyblok for English only", () => {
    expect(languageQuery("en")).toEqual({ language: "en" });
    expect(languageQuery("de")).toEqual({});
    expect(otherLanguage("de")).toBe("en");
    expect(otherLanguage("en")).toBe("de");
  });
});
