import { describe, expect, it } from "vitest";
import { loadImprintPage, parseImprintStory } from "./imprint";
import { contentApi, demoContentClient } from "~/test/content-service";

describe("loadImprintPage (live content service)", () => {
  it("normalises the draft imprint story, one block per imprint_text blok", async () => {
    const raw = (await contentApi("cdn/stories/imprint", { version: "draft" })) as {
      story: { name: string; content: { body: Array<{ component: string }> } };
    };
    const page = await loadImprintPage(demoContentClient(), "draft");
    expect(page).toEqual(parseImprintStory(raw.story));
    expect(page.title).toBe(raw.story.name);
    expect(page.blocks).toHaveLength(raw.story.content.body.filter((blok) => blok.component === "imprint_text").length);
    expect(page.blocks.length).toBeGreaterThan(0);
  });
});
