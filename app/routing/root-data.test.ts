import { describe, expect, it } from "vitest";
import type { SiteData } from "~/content/site";
import { siteFromMatches } from "./root-data";

const site: SiteData = { name: "Studio Halbton", image: null };

describe("the studio's name", () => {
  it("comes from the root route's data in meta functions", () => {
    expect(
      siteFromMatches([
        { id: "root", loaderData: { site } },
        { id: "routes/home", loaderData: {} },
      ]),
    ).toBe(site);
    expect(siteFromMatches([{ id: "root", data: { site } }])).toBe(site);
    expect(siteFromMatches([{ id: "root", loaderData: undefined }])).toBeNull();
    expect(siteFromMatches(undefined)).toBeNull();
  });
});
