import { describe, expect, it, vi } from "vitest";
import { loadCategories, loadHomePage, parseCategories, parseHomeStory } from "./home";
import { contentApi, demoContentClient } from "~/test/content-service";

const client = demoContentClient();

describe("loadHomePage (live content service)", () => {
  it("normalises the draft home story", async () => {
    const raw = await contentApi("cdn/stories/home", { version: "draft" });
    const expected = parseHomeStory(raw.story);
    const { page } = await loadHomePage(client, "draft");
    expect(page).toEqual(expected);

    const story = raw.story as { id: number; content: { body: Array<Record<string, unknown>> } };
    const hero = story.content.body[0]!;
    const gallery = story.content.body[1]!;
    expect(page.storyId).toBe(story.id);
    expect(page.hero.carousel).toBe(hero.CaruselYN === true);
    const slides = (hero.CaruselYN ? hero.Photo : hero.Image) as unknown[];
    expect(page.hero.slides.length).toBe(hero.CaruselYN ? slides.length : 1);
    expect(page.gallery.items).toHaveLength((gallery.ImageData as unknown[]).length);
  });

  it("gives the distinct tags of all tagged articles as filter buttons, from one listing", async () => {
    const raw = await contentApi("cdn/stories", { version: "draft", starts_with: "articles/", per_page: "100" });
    const categories = parseCategories(raw.stories);
    const expectedTags = [...new Set(categories.flatMap((c) => c.tags))];
    expect(expectedTags.length).toBeGreaterThan(0);

    const { filterTags } = await loadHomePage(client, "draft");
    expect(filterTags).toEqual(expectedTags);
  });

  it("categories keep only tagged articles with name and slug", async () => {
    const raw = await contentApi("cdn/stories", { version: "draft", starts_with: "articles/", per_page: "100" });
    const stories = raw.stories as Array<{ name: string; slug: string; tag_list: string[] }>;
    const categories = await loadCategories(client, "draft");
    expect(categories).toEqual(
      stories.filter((s) => s.tag_list.length > 0).map((s) => ({ name: s.name, slug: s.slug, tags: s.tag_list })),
    );
  });

  it("logs and returns no categories when the service refuses the token", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(loadCategories(demoContentClient("wrong-token"), "draft")).resolves.toEqual([]);
      expect(log).toHaveBeenCalledWith("Fehler beim Laden der Kategorien:", expect.objectContaining({ status: 401 }));
    } finally {
      log.mockRestore();
    }
  });
});
