import { beforeAll, describe, expect, inject, it } from "vitest";
import { loadImprintPage, parseImprintStory } from "./imprint";
import { createContentClient, setContentClient } from "./storyblok-client";

/** Loader tests against the live local content service on the demo content. */
const service = inject("contentService");

beforeAll(() => {
  setContentClient(createContentClient({ endpoint: service.endpoint, token: service.previewToken, version: "draft", local: true }));
});

describe("loadImprintPage (live content service)", () => {
  it("normalises the draft imprint story, one block per imprint_text blok", async () => {
    const url = new URL(`${service.endpoint}/cdn/stories/imprint`);
    url.searchParams.set("version", "draft");
    url.searchParams.set("token", service.previewToken);
    const raw = (await (await fetch(url)).json()) as { story: { name: string; content: { body: Array<{ component: string }> } } };
    const page = await loadImprintPage("draft");
    expect(page).toEqual(parseImprintStory(raw.story));
    expect(page.title).toBe(raw.story.name);
    expect(page.blocks).toHaveLength(raw.story.content.body.filter((blok) => blok.component === "imprint_text").length);
    expect(page.blocks.length).toBeGreaterThan(0);
  });
});
