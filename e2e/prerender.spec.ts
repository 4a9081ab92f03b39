import {
  addArticleAfterBuild,
  articlePath,
  body,
  builtArticle,
  escapeRegExp,
  firstBody,
  layoutExpectations,
  richTextBlocks,
  text,
  visibleHtmlText,
} from "./content";
import { visit } from "./page-helpers";
import type { LayoutExpectations } from "./content";
import { createContentApi, expect, test } from "./fixtures";
import type { ContentApi } from "./fixtures";

/**
 * The build prerenders every content route: its HTML holds the page's
 * content and the header and footer before any JavaScript runs. A story
 * published after the build still opens, through the SPA fallback and the
 * route's client loader.
 */

let layout: LayoutExpectations;

test.beforeAll(async () => {
  layout = await layoutExpectations(createContentApi());
});

/** Header and footer content in the static HTML. */
function expectShellInHtml(html: string, visible: string) {
  expect(html).toContain(`href="${layout.header.index.path}"`);
  expect(html).toContain(`href="${layout.header.link.path}"`);
  expect(html).toContain(`href="${layout.footer.imprint.path}"`);
  expect(visible).toContain(layout.header.index.label);
  expect(visible).toContain(layout.header.link.label);
  expect(visible).toContain(layout.footer.copyright);
  if (layout.footer.email.email) expect(html).toContain(`mailto:${layout.footer.email.email}`);
  if (layout.footer.social.url) expect(html).toContain(layout.footer.social.url);
}

async function expectedTexts(api: ContentApi): Promise<Array<{ path: string; texts: string[] }>> {
  const [home, index, imprint, about, article] = await Promise.all([
    api.story("home"),
    api.story("index"),
    api.story("imprint"),
    api.story("about", "published"),
    builtArticle(api),
  ]);
  const gallery = body(home)[1];
  const galleryNames = (Array.isArray(gallery?.ImageData) ? gallery.ImageData : [])
    .slice(0, 6)
    .map((item) => text((item as Record<string, unknown>).Name))
    .filter(Boolean);
  const indexBlok = firstBody(index);
  return [
    { path: "/", texts: galleryNames },
    { path: "/index", texts: [text(indexBlok.Title) || "Index", article.name] },
    { path: "/imprint", texts: richTextBlocks(firstBody(imprint).Text).slice(0, 3) },
    {
      path: "/about",
      texts: body(about)
        .map((blok) => text(blok.Headline))
        .filter(Boolean),
    },
    { path: articlePath(article.full_slug), texts: [text(article.content.Headline)] },
  ];
}

test("every content route's HTML holds its content, header and footer without JavaScript", async ({
  request,
  contentApi,
}) => {
  const routes = await expectedTexts(contentApi);
  for (const route of routes) {
    expect(route.texts.length, `${route.path} has content to look for`).toBeGreaterThan(0);
    for (const target of [route.path, route.path === "/" ? "/" : `${route.path}/`]) {
      const res = await request.get(target);
      expect(res.status(), target).toBe(200);
      expect(res.headers()["content-type"], target).toBe("text/html; charset=utf-8");
      const html = await res.text();
      const visible = visibleHtmlText(html);
      for (const expected of route.texts)
        expect(visible, `${target} holds "${expected}"`).toContain(expected.replace(/\s+/g, " ").trim());
      expectShellInHtml(html, visible);
    }
  }
});

test("each prerendered route has the data file client navigations fetch", async ({ request, contentApi }) => {
  const article = await builtArticle(contentApi);
  for (const dataPath of [
    "/_root.data",
    "/index.data",
    "/imprint.data",
    "/about.data",
    `${articlePath(article.full_slug)}.data`,
  ]) {
    const res = await request.get(dataPath);
    expect(res.status(), dataPath).toBe(200);
    expect(res.headers()["cache-control"], dataPath).toBe("no-cache");
  }
  expect((await request.get("/articles/e2e-never-built.data")).status()).toBe(404);
});

test("an article added after the build opens through the SPA fallback and its client loader", async ({
  page,
  request,
  contentApi,
  expectConsoleError,
}) => {
  // a new story, shaped like an existing one; the helper waits until the content service has bumped its cache version
  const added = await addArticleAfterBuild(contentApi, await builtArticle(contentApi), "e2e-after-build");
  try {
    expect((await contentApi.story(`articles/${added.slug}`)).content.Headline).toBe(added.headline);

    // the build does not know it: an honest 404, whose page (the SPA fallback) renders it all the same
    const html = await request.get(added.path);
    expect(html.status()).toBe(404);
    expect(visibleHtmlText(await html.text())).not.toContain(added.headline);

    // React Router first asks for the prerendered data, which does not exist (404), then the client loader reads the API
    expectConsoleError(/Failed to load resource: the server responded with a status of 404/);
    await visit(page, added.path);
    await expect(page.getByRole("main")).toContainText(added.headline, { timeout: 10_000 });
    await expect(
      page.getByRole("banner").getByRole("link", { name: layout.header.index.label, exact: true }),
    ).toBeVisible();
    // the tab follows the article that arrived, with one <title> in the head
    await expect(page).toHaveTitle(new RegExp(`${escapeRegExp(added.story.name)}$`));
    await expect(page.locator("head title")).toHaveCount(1);
  } finally {
    await added.remove();
  }
});

test("a prerendered page paints with all its styles inline: up to its load no stylesheet is requested, so none restyles it after the first paint", async ({
  page,
  contentApi,
}) => {
  const article = await builtArticle(contentApi);
  for (const path of ["/", "/index", "/about", articlePath(article.full_slug)]) {
    // at load, before hydration (decision 0005): a page React hydrates may fetch a lazy module's stylesheet later
    await page.goto(path, { waitUntil: "load" });
    const found = await page.evaluate(async () => {
      const html = await (await fetch(location.href)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      return {
        inlineStyles: head.match(/<style>/g)?.length ?? 0,
        // a stylesheet link that applies would block the first paint (in the head) or restyle the page (later)
        applied: [...document.querySelectorAll('link[rel="stylesheet"]')]
          .filter((link) => !(link as HTMLLinkElement).disabled)
          .map((link) => link.outerHTML),
        requested: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".css"))
          .map((entry) => entry.name),
        // the text face's subset, declared first in the inline style
        subsetDeclared: [...document.fonts].some((face) => face.family.replace(/"/g, "") === "Epilogue Subset"),
      };
    });
    expect(found.inlineStyles, path).toBe(1);
    expect(found.applied, path).toEqual([]);
    expect(found.requested, path).toEqual([]);
    expect(found.subsetDeclared, path).toBe(true);
  }
});

test("the SPA fallback starts its scripts at once: it has nothing to show without them", async ({
  page,
  expectConsoleError,
}) => {
  // served for article slugs the build does not know (articles/404.html); the client loader asks for the
  // article's data and then the content service, which both answer 404
  expectConsoleError(/status of 404|^Artikel nicht gefunden/);
  await visit(page, "/articles/e2e-no-such-article");
  await expect(page.getByRole("main")).toContainText("Article not found");
  const scriptsBeforeLoad = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js") && entry.startTime < navigation.loadEventStart)
      .length;
  });
  expect(scriptsBeforeLoad).toBeGreaterThan(0);
});
