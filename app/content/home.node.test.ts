import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { loadCategories, loadHomePage, parseCategories, parseHomeStory } from "./home";
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
  setContentClient(
    createContentClient({ endpoint: service.endpoint, token: service.previewToken, version: "draft", local: true }),
  );
});

describe("loadHomePage (live content service)", () => {
  it("normalises the draft home story", async () => {
    const raw = await api("cdn/stories/home", { version: "draft" });
    const expected = parseHomeStory(raw.story);
    const { page } = await loadHomePage("draft");
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
    const raw = await api("cdn/stories", { version: "draft", starts_with: "articles/", per_page: "100" });
    const categories = parseCategories(raw.stories);
    const expectedTags = [...new Set(categories.flatMap((c) => c.tags))];
    expect(expectedTags.length).toBeGreaterThan(0);

    const { filterTags } = await loadHomePage("draft");
    expect(filterTags).toEqual(expectedTags);
  });

  it("categories keep only tagged articles with name and slug", async () => {
    const raw = await api("cdn/stories", { version: "draft", starts_with: "articles/", per_page: "100" });
    const stories = raw.stories as Array<{ name: string; slug: string; tag_list: string[] }>;
    const categories = await loadCategories("draft");
    expect(categories).toEqual(
      stories.filter((s) => s.tag_list.length > 0).map((s) => ({ name: s.name, slug: s.slug, tags: s.tag_list })),
    );
  });

  it("logs and returns no categories when the service refuses the token", async () => {
    setContentClient(createContentClient({ endpoint: service.endpoint, token: "wrong-token", version: "draft", local: true }));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(loadCategories("draft")).resolves.toEqual([]);
      expect(log).toHaveBeenCalledWith("Fehler beim Laden der Kategorien:", expect.objectContaining({ status: 401 }));
    } finally {
      log.mockRestore();
      setContentClient(
        createContentClient({ endpoint: service.endpoint, token: service.previewToken, version: "draft", local: true }),
      );
    }
  });
});
