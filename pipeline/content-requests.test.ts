import { describe, expect, inject, it } from "vitest";
import { createContentClient } from "../app/content/storyblok-client";
import {
  contentRequestsLine,
  contentServiceRequestCount,
  countContentRequests,
  describeContentSource,
} from "./content-requests";

const service = inject("contentService");
const local = { endpoint: service.endpoint, token: service.previewToken, version: "draft", local: true } as const;

describe("contentServiceRequestCount", () => {
  it("reads how many API requests the local content service was asked, refused ones included", async () => {
    const before = await contentServiceRequestCount(local);
    expect(before).toEqual(expect.any(Number));
    const answered = await fetch(`${service.endpoint}/cdn/spaces/me?token=${service.previewToken}`);
    const refused = await fetch(`${service.endpoint}/cdn/spaces/me?token=not-a-token`);
    expect([answered.status, refused.status]).toEqual([200, 401]);
    // not the API
    await fetch(`${service.origin}/__health`).then((res) => res.arrayBuffer());
    expect((await contentServiceRequestCount(local))! - before!).toBe(2);
  });

  it("is none for Storyblok, and for a service that does not tell", async () => {
    expect(await contentServiceRequestCount({ ...local, local: false })).toBeNull();
    expect(await contentServiceRequestCount({ endpoint: "http://127.0.0.1:9/v2", local: true })).toBeNull();
    const answersWithoutCount: typeof fetch = async () => Response.json({ service: "content-server" });
    expect(await contentServiceRequestCount(local, answersWithoutCount)).toBeNull();
  });
});

describe("countContentRequests and contentRequestsLine", () => {
  it("counts what the local content service was asked since the build started", async () => {
    const start = { serviceCount: await contentServiceRequestCount(local), listingRequests: 1 };
    const client = createContentClient(local, {}, { keepAnswers: false });
    await client.get("cdn/stories", { version: "draft", per_page: 1 });
    await client.get("cdn/stories/home", { version: "draft" });
    const requests = await countContentRequests(local, start);
    expect(requests).toEqual({ count: 2, listingOnly: false });
    expect(contentRequestsLine(local, requests, 72)).toBe(
      `Content: 2 request(s) to the local content service at ${service.endpoint}, draft content; ` +
        "72 path(s) prerendered plus the SPA fallback",
    );
  });

  it("says what it counted where the service tells no count: the listing's own requests", async () => {
    const storyblok = { ...local, endpoint: "https://api.storyblok.com/v2", local: false };
    const requests = await countContentRequests(storyblok, { serviceCount: null, listingRequests: 4 });
    expect(requests).toEqual({ count: 4, listingOnly: true });
    expect(contentRequestsLine(storyblok, requests, 10)).toBe(
      "Content: 4 request(s) to the Storyblok at https://api.storyblok.com/v2, draft content for the listing of all " +
        "stories (the pages' own go uncounted: only the local content service tells its count); 10 path(s) " +
        "prerendered plus the SPA fallback",
    );
    expect(describeContentSource(storyblok)).toBe("Storyblok at https://api.storyblok.com/v2, draft content");
  });

  it("counts the listing's requests where the service was started again since the build began (its count restarts)", async () => {
    const now = await contentServiceRequestCount(local);
    const requests = await countContentRequests(local, { serviceCount: now! + 1_000_000, listingRequests: 3 });
    expect(requests).toEqual({ count: 3, listingOnly: true });
  });
});

describe("createContentClient's onRequest", () => {
  it("is told of every request the client makes, and of no other", async () => {
    let told = 0;
    const counted = createContentClient(local, {}, { keepAnswers: false, onRequest: () => (told += 1) });
    const other = createContentClient(local, {}, { keepAnswers: false });
    await counted.get("cdn/stories/home", { version: "draft" });
    await other.get("cdn/stories/home", { version: "draft" });
    await counted.get("cdn/spaces/me", {});
    expect(told).toBe(2);
  });
});
