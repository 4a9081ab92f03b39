import { describe, expect, it } from "vitest";
import { countIndexReferences, specRequestsForAllPages, specRequestsForPage, specRouteOf } from "./spec-requests";

describe("spec request formula", () => {
  it("counts header, footer and page story per page, plus the page's own calls", () => {
    expect(specRequestsForPage("home", 33)).toBe(4);
    expect(specRequestsForPage("index", 33)).toBe(36);
    expect(specRequestsForPage("about", 33)).toBe(3);
    expect(specRequestsForPage("imprint", 33)).toBe(3);
    expect(specRequestsForPage("article", 33)).toBe(5);
  });
  it("adds up every page once as 13 + R + 5N", () => {
    expect(specRequestsForAllPages(32, 33)).toBe(13 + 33 + 5 * 32);
    expect(specRequestsForAllPages(1000, 1000)).toBe(6013);
  });
  it("maps site paths to the spec's pages", () => {
    expect(specRouteOf("/")).toBe("home");
    expect(specRouteOf("/index")).toBe("index");
    expect(specRouteOf("/about")).toBe("about");
    expect(specRouteOf("/articles/x")).toBe("article");
  });
  it("counts the index story's references and tolerates odd shapes", () => {
    expect(
      countIndexReferences({ story: { content: { body: [{ Articles: ["a", "b", "", 3] }, { Articles: ["c"] }] } } }),
    ).toBe(3);
    expect(countIndexReferences({ story: { content: { body: "x" } } })).toBe(0);
    expect(countIndexReferences(null)).toBe(0);
  });
});
