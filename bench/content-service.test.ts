import { describe, expect, it } from "vitest";
import { classifyApiRequest } from "./content-service";

describe("classifyApiRequest", () => {
  it("names the kinds of Content Delivery API calls", () => {
    expect(classifyApiRequest("/v2/cdn/stories?starts_with=articles%2F&per_page=100&page=2")).toBe(
      "listing starts_with=articles/",
    );
    expect(classifyApiRequest("/v2/cdn/stories?by_uuids=a,b&per_page=100")).toBe("stories by_uuids");
    expect(classifyApiRequest("/v2/cdn/stories/articles/x?version=draft")).toBe("story articles/{slug}");
    expect(classifyApiRequest("/v2/cdn/stories/header?version=draft")).toBe("story header");
    expect(classifyApiRequest("/v2/cdn/stories/0c7f?find_by=uuid")).toBe("story by uuid");
    expect(classifyApiRequest("/v2/cdn/spaces/me")).toBe("cdn/spaces/me");
  });
});
