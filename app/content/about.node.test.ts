import { describe, expect, it } from "vitest";
import { loadAboutPage, parseAboutStory } from "./about";
import { contentApi, demoContentClient } from "~/test/content-service";

// the site's own version is draft: the about page must still read the published story
const client = demoContentClient();

describe("loadAboutPage (live content service)", () => {
  it("uses the published about story, not the draft", async () => {
    const published = await contentApi("cdn/stories/about", { version: "published" });
    const draft = await contentApi("cdn/stories/about", { version: "draft" });
    // the demo content's draft differs, so reading the wrong version would show
    expect(draft.story).not.toEqual(published.story);

    const page = await loadAboutPage(client);
    expect(page).toEqual(parseAboutStory(published.story));
    expect(page).not.toEqual(parseAboutStory(draft.story));
  });

  it("holds the body bloks of the content model", async () => {
    const page = await loadAboutPage(client);
    const components = page.body.map((blok) => blok.component);
    expect(components).toContain("about_block");
    expect(components[1]).toBe("overview");
    expect(components).toContain("masonry");
  });
});
