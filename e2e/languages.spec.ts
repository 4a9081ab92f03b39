import type { Page } from "@playwright/test";
import { body, firstBody, text, type Blok } from "./content";
import { visit } from "./page-helpers";
import { createContentApi, expect, test, type StoryJson } from "./fixtures";

/**
 * German at the spec's paths, English under /en/ from Storyblok's
 * field-level translation (`language=en`): the header's language link, the
 * alternates search engines read (hreflang, x-default, canonical,
 * og:locale, the sitemap, JSON-LD), and a field without an English
 * translation falling back to German. Expected texts come from the content
 * service, in each language.
 */

const SITE_URL = process.env.E2E_SITE_URL ?? "";
const api = createContentApi();

const inEnglish = (slug: string) =>
  api.get<{ story: StoryJson }>(`cdn/stories/${slug}`, { version: "draft", language: "en" }).then((a) => a.story);

/** The first about block's headline: the about page's first heading. */
function aboutHeadline(story: StoryJson): string {
  return text(body(story).find((blok) => blok.component === "about_block")?.Headline);
}

function infoHeadline(story: StoryJson): string {
  return text((story.content.info as Blok[] | undefined)?.[0]?.Headline01);
}

const languageLink = (page: Page) => page.getByRole("banner").getByRole("navigation").first().locator("a[hreflang]");

test("the header's language link leads to the same page in the other language, and back", async ({ page }) => {
  const [header, headerEn, about, aboutEn] = await Promise.all([
    api.story("header"),
    inEnglish("header"),
    api.story("about", "published"),
    api.get<{ story: StoryJson }>("cdn/stories/about", { version: "published", language: "en" }).then((a) => a.story),
  ]);
  const englishLabel = text(firstBody(header).LanguageLabel);
  const germanLabel = text(firstBody(headerEn).LanguageLabel);
  expect(englishLabel).not.toBe(germanLabel);

  await visit(page, "/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: aboutHeadline(about), exact: true })).toBeVisible();
  await expect(languageLink(page)).toHaveText(englishLabel);
  await expect(languageLink(page)).toHaveAttribute("hreflang", "en");

  await languageLink(page).click();
  await expect(page).toHaveURL(/\/en\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: aboutHeadline(aboutEn), exact: true })).toBeVisible();
  // the fixed texts are English, the header's links lead to English pages
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link").first()).toHaveAttribute("href", "/en");
  await expect(languageLink(page)).toHaveText(germanLabel);

  await languageLink(page).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: aboutHeadline(about), exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
});

test("a page without a translation leads to the other language's home", async ({ page }) => {
  await visit(page, "/en/e2e-no-such-page");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByRole("main").locator("p")).toHaveText(["Sorry, we could not find this page", "404 Not Found"]);
  await expect(languageLink(page)).toHaveAttribute("href", "/");
  await visit(page, "/e2e-no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Da ist etwas schief gelaufen");
  await expect(languageLink(page)).toHaveAttribute("href", "/en");
});

test("an English article slug the build does not know is answered in English, before and after hydration", async ({
  page,
  request,
  expectConsoleError,
}) => {
  const path = "/en/articles/e2e-no-such-article";
  const answer = await request.get(path);
  expect(answer.status()).toBe(404);
  const html = await answer.text();
  expect(html).toContain('<html lang="en"');
  expect(html).toContain("Skip to content");
  expect(html).not.toContain("Zum Inhalt springen");

  // the client loader asks for the article, which the content service does not have
  expectConsoleError(/status of 404|^Artikel nicht gefunden/);
  await visit(page, path);
  await expect(page.getByRole("main")).toContainText("Article not found");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeAttached();
  await expect(languageLink(page)).toHaveAttribute("href", "/");
});

test("every page names its language versions: hreflang, x-default, canonical, og:locale, JSON-LD and the sitemap", async ({
  page,
  request,
}) => {
  expect(SITE_URL).not.toBe("");
  const articles = await api.stories({ starts_with: "articles/", version: "published" });
  const article = articles.find((story) => story.full_slug.startsWith("articles/") && story.full_slug !== "articles/")!;
  const slug = article.full_slug.split("/").pop()!;
  for (const [path, german, english] of [
    ["/en/index", "/index", "/en/index"],
    ["/index", "/index", "/en/index"],
    ["/en", "/", "/en"],
    [`/en/articles/${slug}`, `/articles/${slug}`, `/en/articles/${slug}`],
  ] as const) {
    await visit(page, path);
    const head = page.locator("head");
    const language = path.startsWith("/en") ? "en" : "de";
    await expect(head.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", SITE_URL + german);
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", SITE_URL + english);
    await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      SITE_URL + german,
    );
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      SITE_URL + (language === "en" ? english : german),
    );
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute(
      "content",
      language === "en" ? "en_GB" : "de_DE",
    );
    const organization = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(organization.url).toBe(`${SITE_URL}${language === "en" ? "/en" : "/"}`);
  }
  const creativeWork = JSON.parse(
    (await page
      .locator('main script[type="application/ld+json"], article script[type="application/ld+json"]')
      .first()
      .textContent()) ?? "{}",
  );
  expect(creativeWork).toMatchObject({ inLanguage: "en", url: `${SITE_URL}/en/articles/${slug}` });

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${SITE_URL}/en/about</loc>`);
  expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE_URL}/en/articles/${slug}"/>`);
});

test("a field without an English translation shows its German text, as Storyblok answers it", async ({ page }) => {
  // the demo's Halbe Sachen has an English text but its info headline only in German
  const [german, english] = await Promise.all([api.story("articles/halbe-sachen"), inEnglish("articles/halbe-sachen")]);
  expect(infoHeadline(english)).toBe(infoHeadline(german));
  expect(JSON.stringify(english.content.Text)).not.toBe(JSON.stringify(german.content.Text));
  // a paragraph whose English differs from its German
  const paragraphs = (story: StoryJson) =>
    (story.content.Text as { content: Array<{ type: string; content?: Array<{ text?: string }> }> }).content
      .filter((node) => node.type === "paragraph" && node.content?.length === 1)
      .map((node) => node.content?.[0]?.text ?? "");
  const index = paragraphs(english).findIndex((paragraph, at) => paragraph !== paragraphs(german)[at]);
  expect(index).toBeGreaterThanOrEqual(0);

  await visit(page, "/en/articles/halbe-sachen");
  const main = page.getByRole("main");
  await expect(main.getByText(infoHeadline(german), { exact: true })).toBeVisible();
  await expect(main.getByText(paragraphs(english)[index]!, { exact: true })).toBeVisible();
  await expect(main.getByText(paragraphs(german)[index]!, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeAttached();
});

test("text in another language than the page's says which, as the content marks it", async ({ page }) => {
  const [german, english] = await Promise.all([api.story("articles/halbe-sachen"), inEnglish("articles/halbe-sachen")]);
  // the German headline is marked English; the English page shows it untranslated
  expect(german.content.HeadlineLanguage).toBe("en");
  expect(english.content.Headline).toBe(german.content.Headline);
  // a run of the German text marked with the English style option
  const markedRuns: string[] = [];
  JSON.stringify(german.content.Text, (_key, value: unknown) => {
    const node = value as { type?: string; text?: string; marks?: Array<{ type: string; attrs?: { class?: string } }> };
    if (node?.type === "text" && node.marks?.some((mark) => mark.type === "styled" && mark.attrs?.class === "lang-en"))
      markedRuns.push(node.text ?? "");
    return value;
  });
  expect(markedRuns.length).toBeGreaterThan(0);

  await visit(page, "/articles/halbe-sachen");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
  await expect(main.locator('span[lang="en"]', { hasText: markedRuns[0]!.trim() }).first()).toBeAttached();
  // the info headline is German, as the page is
  await expect(main.getByText(infoHeadline(german), { exact: true })).not.toHaveAttribute("lang");

  await visit(page, "/en/articles/halbe-sachen");
  await expect(main.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
  // untranslated: the German text on the English page
  await expect(main.getByText(infoHeadline(german), { exact: true })).toHaveAttribute("lang", "de");
  // translated: in the page's language, which the page's root says
  const runsOf = (story: StoryJson) =>
    (story.content.Text as { content: Array<{ content?: Array<{ text?: string }> }> }).content.flatMap(
      (node) => node.content?.map((run) => run.text ?? "") ?? [],
    );
  const germanRuns = new Set(runsOf(german));
  const translated = runsOf(english).find((run) => run.length > 20 && !germanRuns.has(run))!;
  const nearestLang = await main
    .getByText(translated)
    .first()
    .evaluate((element) => element.closest("[lang]")?.tagName);
  expect(nearestLang).toBe("HTML");
});

/** Every blok of a story's content of one component, in document order. */
function bloksOf(story: StoryJson, component: string): Blok[] {
  const found: Blok[] = [];
  JSON.stringify(story.content, (_key, value: unknown) => {
    if ((value as Blok | null)?.component === component) found.push(value as Blok);
    return value;
  });
  return found;
}

const assetText = (blok: Blok, field: string, key: "alt" | "name") => text((blok[field] as Blok | undefined)?.[key]);

/** Each img with this alt text (the grid's and the full-screen view's) has this lang, or none (null). */
async function expectAltLang(page: Page, alt: string, lang: string | null): Promise<void> {
  const images = page.getByRole("main").locator(`img[alt="${alt}"]`);
  expect(await images.count(), alt).toBeGreaterThan(0);
  const langs = await images.evaluateAll((elements) => elements.map((element) => element.getAttribute("lang")));
  expect(new Set(langs), alt).toEqual(new Set([lang]));
}

test("captions and alt texts in another language than the page's say which, as the content marks them", async ({
  page,
}) => {
  const [article, about] = await Promise.all([api.story("articles/koernung"), api.story("about", "published")]);
  const media = bloksOf(article, "media");
  const englishMedium = media.find((blok) => blok.CaptionLanguage === "en" && blok.AltLanguage === "en")!;
  const germanMedium = media.find((blok) => blok.CaptionLanguage === "" && blok.AltLanguage === "")!;
  expect(englishMedium, "a medium marked English").toBeDefined();
  expect(germanMedium, "a medium in German").toBeDefined();
  const caption = assetText(englishMedium, "Image", "name");
  const germanCaption = assetText(germanMedium, "Image", "name");
  const main = page.getByRole("main");

  await visit(page, "/articles/koernung");
  // the caption's text under the image and in the full-screen view; the credit beside it is the page's
  await expect(main.locator("figcaption span[lang='en']", { hasText: caption })).toHaveCount(1);
  await expectAltLang(page, assetText(englishMedium, "Image", "alt"), "en");
  // the view shows it as it opens, whichever form has it by then (the prerendered figure, or the view's code)
  await main.getByRole("link", { name: assetText(englishMedium, "Image", "alt"), exact: true }).click();
  await expect(page.locator("[data-part='caption'] span[lang='en']:visible", { hasText: caption })).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(main.locator("figcaption", { hasText: germanCaption }).locator("[lang]")).toHaveCount(0);
  await expectAltLang(page, assetText(germanMedium, "Image", "alt"), null);

  // the English page: the asset's texts are not translated, the German ones say so
  await visit(page, "/en/articles/koernung");
  await expect(main.locator("figcaption span[lang='de']", { hasText: germanCaption })).toHaveCount(1);
  await expectAltLang(page, assetText(germanMedium, "Image", "alt"), "de");
  await expect(main.locator("figcaption", { hasText: caption }).locator("[lang]")).toHaveCount(0);
  await expectAltLang(page, assetText(englishMedium, "Image", "alt"), null);

  const tiles = bloksOf(about, "masonry_tile");
  const englishInfo = tiles.find((tile) => tile.InfoLanguage === "en")!;
  const germanInfo = tiles.find((tile) => tile.InfoLanguage === "")!;
  const englishAlt = tiles.find(
    (tile) => tile.AltLanguage === "en" && /\.(webp|jpe?g|png)$/.test(text((tile.Media as Blok).filename)),
  )!;
  await visit(page, "/about");
  await expect(main.locator("figcaption[lang='en']", { hasText: text(englishInfo.Info) })).toHaveCount(1);
  await expect(main.locator("figcaption", { hasText: text(germanInfo.Info) }).first()).not.toHaveAttribute("lang");
  await expectAltLang(page, assetText(englishAlt, "Media", "alt"), "en");
});
