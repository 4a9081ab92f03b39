import { beforeAll, describe, expect, inject, it } from "vitest";
import { loadAboutPage, parseAboutStory } from "./about";
import { createContentClient, setContentClient } from "./storyblok-client";

/** Loader tests against the live local content service on the demo content. */
const service = inject("contentService");

async function api(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const url = new URL(`${service.endpoint}/${path}`);
  for (const [key, value] of Object.entries({ ...query, token: service.previewToken })) url.searchParams.set(key, value);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(() => {
  // the site's own version is draft: the about page must still read the published story
  setContentClient(createContentClient({ endpoint: service.endpoint, token: service.previewToken, version: "draft", local: true }));
});

describe("loadAboutPage (live content service)", () => {
  it("uses the published about story, not the draft", async () => {
    const published = await api("cdn/stories/about", { version: "published" });
    const draft = await api("cdn/stories/about", { version: "draft" });
    // the demo content's draft differs, so reading the wrong version would show
    expect(draft.story).not.toEqual(published.story);

    const page = await loadAboutPage();
    expect(page).toEqual(parseAboutStory(published.story));
    expect(page).not.toEqual(parseAboutStory(draft.story));
  });

  it("holds the body bloks of the content model", async () => {
    const page = await loadAboutPage();
    const components = page.body.map((blok) => blok.component);
    expect(components).toContain("about_block");
    expect(components[1]).toBe("overview");
    expect(components).toContain("masonry");
  });
});
