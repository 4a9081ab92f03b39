import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import { localizationOf, localizeContent, localizeStory } from "./languages";
import { rawRequest } from "./test-fixture";
import { tempDirOfTests } from "../test-support/temp-dir";

/**
 * Field-level translation (content-server/languages.ts). Facts and their
 * sources: translated fields stored as `{field}__i18n__{code}` beside the
 * default value (Storyblok's Management API, "Internationalization for
 * Stories"); `language` and `fallback_lang` on the delivery API, a missing
 * translation falling back to the fallback language, then to the default
 * (Storyblok changelog "Custom fallback language": `fallback_lang=pt` for
 * `pt-br`); `lang: "default"`, `alternates: []`, `default_full_slug: null`
 * and `translated_slugs: null` on a story without translated slugs, and
 * `language_codes` on `cdn/spaces/me` (storyblok-ruby-client
 * spec/fixtures/vcr_cassettes: .../returns_difference_in_translated_slug_default_value.yml,
 * .../get_the_space_info.yml); `translated_slugs` entries `{ path, name, lang,
 * published }` (storyblok/storyblok issue 268) and `default_full_slug`
 * (Storyblok changelog "Default full slug"); a link object's `alternates`
 * per language (docs, "The Link Object").
 */

const PREVIEW = "languages-preview-token";
const PUBLIC = "languages-public-token";

const story = (fields: Record<string, unknown>, content: Record<string, unknown>) => ({
  story: {
    created_at: "2025-01-01T10:00:00.000Z",
    published_at: "2025-02-01T10:00:00.000Z",
    position: 0,
    tag_list: [],
    is_startpage: false,
    parent_id: 0,
    ...fields,
    full_slug: String(fields.full_slug),
    slug: String(fields.full_slug).split("/").pop(),
    content,
  },
});

const ARTICLE = story(
  {
    id: 11,
    uuid: "1a000000-0000-4000-8000-000000000011",
    name: "Kanaltöne",
    full_slug: "articles/kanaltoene",
    translated_slugs: [{ path: "articles/canal-tones", name: "Canal Tones", lang: "en", published: true }],
  },
  {
    _uid: "article-root",
    component: "article",
    Headline: "Klang am Wasser",
    Headline__i18n__en: "Sound by the water",
    Client: "Kanalverein",
    Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Deutsch" }] }] },
    Text__i18n__en: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "English" }] }] },
    info: [{ _uid: "info-1", component: "info", Services__i18n__en: "Sound design", Services: "Klanggestaltung" }],
  },
);

const HOME = story(
  { id: 12, uuid: "1a000000-0000-4000-8000-000000000012", name: "Home", full_slug: "home" },
  { _uid: "home-root", component: "page", Title: "Willkommen", "Title__i18n__en-gb": "Welcome (British)" },
);

const dir = tempDirOfTests("content-languages-", "all");
let server: ContentServerHandle;

beforeAll(async () => {
  await mkdir(path.join(dir(), "stories", "articles"), { recursive: true });
  await writeFile(
    path.join(dir(), "space.json"),
    JSON.stringify({
      space: { id: 4242, name: "Languages", domain: "https://languages.example/", language_codes: ["en", "en-gb"] },
      previewToken: PREVIEW,
      publicToken: PUBLIC,
    }),
  );
  await writeFile(path.join(dir(), "stories", "articles", "kanaltoene.json"), JSON.stringify(ARTICLE));
  await writeFile(path.join(dir(), "stories", "home.json"), JSON.stringify(HOME));
  server = await startContentServer({ port: 0, contentDir: dir(), watch: false });
});

afterAll(async () => {
  await server?.close();
});

const client = (token = PUBLIC) =>
  new StoryblokClient({ accessToken: token, endpoint: server.apiUrl, cache: { type: "none" }, maxRetries: 0 });

type Json = Record<string, unknown>;
const i18nKeys = (value: unknown): string[] => JSON.stringify(value).match(/"[^"]*__i18n__[^"]*"/g) ?? [];

describe("localizeContent", () => {
  const content = ARTICLE.story.content;

  it("takes each field's translation, else the fallback's, else the default, and drops every __i18n__ key", () => {
    const english = localizeContent(content, { lang: "en", fallback: null }) as Json;
    expect(english.Headline).toBe("Sound by the water");
    expect(english.Client).toBe("Kanalverein");
    expect((english.info as Json[])[0]!.Services).toBe("Sound design");
    expect(i18nKeys(english)).toEqual([]);
    const british = localizeContent(content, { lang: "en-gb", fallback: "en" }) as Json;
    expect(british.Headline).toBe("Sound by the water");
    const german = localizeContent(content, { lang: null, fallback: null }) as Json;
    expect(german.Headline).toBe("Klang am Wasser");
    expect(i18nKeys(german)).toEqual([]);
    // the stored tree is left as it was
    expect(content.Headline__i18n__en).toBe("Sound by the water");
  });

  it("answers only the space's languages; a fallback without a language is ignored", () => {
    expect(localizationOf("fr", undefined, ["en"])).toEqual({ lang: null, fallback: null });
    expect(localizationOf(undefined, "en", ["en"])).toEqual({ lang: null, fallback: null });
    expect(localizationOf("en-gb", "en", ["en", "en-gb"])).toEqual({ lang: "en-gb", fallback: "en" });
  });

  it("prefixes the full_slug with the language and uses the translated path", () => {
    const english = localizeStory(ARTICLE.story, { lang: "en", fallback: null });
    expect(english).toMatchObject({
      full_slug: "en/articles/canal-tones",
      slug: "canal-tones",
      lang: "en",
      default_full_slug: "articles/kanaltoene",
    });
  });
});

describe("the delivery API in a language", () => {
  it("lists the space's languages on cdn/spaces/me", async () => {
    const { data } = await client().get("cdn/spaces/me");
    expect(data.space.language_codes).toEqual(["en", "en-gb"]);
  });

  it("answers the default language without a language, with the story's translated slugs", async () => {
    const { data } = await client().get("cdn/stories/articles/kanaltoene");
    expect(data.story).toMatchObject({
      lang: "default",
      full_slug: "articles/kanaltoene",
      default_full_slug: "articles/kanaltoene",
      alternates: [],
      translated_slugs: [{ path: "articles/canal-tones", name: "Canal Tones", lang: "en", published: true }],
    });
    expect(data.story.content.Headline).toBe("Klang am Wasser");
    expect(i18nKeys(data)).toEqual([]);
    const home = await client().get("cdn/stories/home");
    expect(home.data.story).toMatchObject({ lang: "default", default_full_slug: null, translated_slugs: null });
  });

  it("answers language=en with the English fields, and German where a field has no translation", async () => {
    const { data } = await client().get("cdn/stories/articles/kanaltoene", { language: "en" });
    expect(data.story).toMatchObject({ lang: "en", full_slug: "en/articles/canal-tones", slug: "canal-tones" });
    expect(data.story.content.Headline).toBe("Sound by the water");
    expect(data.story.content.Text.content[0].content[0].text).toBe("English");
    expect(data.story.content.Client).toBe("Kanalverein");
    expect(i18nKeys(data)).toEqual([]);
  });

  it("finds a story by its translated path, with the language as parameter or as the slug's first segment", async () => {
    for (const [slug, params] of [
      ["articles/canal-tones", { language: "en" }],
      ["en/articles/canal-tones", {}],
      ["en/articles/kanaltoene", {}],
    ] as const) {
      const { data } = await client().get(`cdn/stories/${slug}`, params);
      expect(data.story.id, slug).toBe(11);
      expect(data.story.content.Headline, slug).toBe("Sound by the water");
    }
    // the translated path is no slug of the default language
    await expect(client().get("cdn/stories/articles/canal-tones")).rejects.toMatchObject({ status: 404 });
  });

  it("falls back to fallback_lang, then to the default", async () => {
    const withFallback = await client().get("cdn/stories/articles/kanaltoene", {
      language: "en-gb",
      fallback_lang: "en",
    });
    expect(withFallback.data.story.content.Headline).toBe("Sound by the water");
    const without = await client().get("cdn/stories/articles/kanaltoene", { language: "en-gb" });
    expect(without.data.story.content.Headline).toBe("Klang am Wasser");
    const home = await client().get("cdn/stories/home", { language: "en-gb" });
    expect(home.data.story.content.Title).toBe("Welcome (British)");
  });

  it("translates listings and resolved relations alike, and keeps _editable on drafts", async () => {
    const listing = await client(PREVIEW).get("cdn/stories", { language: "en", version: "draft" });
    const slugs = (listing.data.stories as Json[]).map((item) => item.full_slug).sort();
    expect(slugs).toEqual(["en/articles/canal-tones", "en/home"]);
    const article = (listing.data.stories as Array<Json & { content: Json }>).find((item) => item.id === 11)!;
    expect(article.content.Headline).toBe("Sound by the water");
    expect(String(article.content._editable)).toContain('"uid": "article-root"');
    expect(i18nKeys(listing.data)).toEqual([]);
  });

  it("lists each story's language versions in cdn/links", async () => {
    const { data } = await client().get("cdn/links", {});
    const link = Object.values(data.links as Record<string, Json>).find((item) => item.id === 11)!;
    expect(link.alternates).toEqual([
      {
        path: "articles/canal-tones",
        name: "Canal Tones",
        lang: "en",
        published: true,
        translated_slug: "canal-tones",
      },
      { path: "articles/kanaltoene", name: "Kanaltöne", lang: "en-gb", published: true, translated_slug: "kanaltoene" },
    ]);
  });

  it("answers a code of another language as the default, and a language that is no code with 422", async () => {
    const { data } = await client().get("cdn/stories/articles/kanaltoene", { language: "fr" });
    expect(data.story).toMatchObject({ lang: "default", full_slug: "articles/kanaltoene" });
    const bad = await rawRequest(
      server.url,
      `/v2/cdn/stories/home?token=${PUBLIC}&language=${encodeURIComponent("<en>")}`,
    );
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.text)).toHaveProperty("error");
  });
});
