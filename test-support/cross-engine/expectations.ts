import type { Expectations, GalleryExpectation } from "./checks";

/**
 * What the checks expect, read from the content service the build was made
 * from (as e2e/content.ts does for Playwright), in the version the
 * production build shows (published): the home gallery in order and an
 * article the build prerendered.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null;

async function api(
  contentOrigin: string,
  token: string,
  apiPath: string,
  query: Record<string, string>,
): Promise<Json> {
  const url = new URL(`/v2/cdn/${apiPath}`, contentOrigin);
  for (const [name, value] of Object.entries({ ...query, token })) url.searchParams.set(name, value);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url.pathname}: ${response.status}`);
  return (await response.json()) as Json;
}

/** A story link's path in the site: `cached_url` is a full slug, `home` is `/`. */
function storyPath(link: unknown): string {
  const slug = String((isRecord(link) ? link.cached_url : "") ?? "").replace(/^\/+|\/+$/g, "");
  return slug === "home" || slug === "" ? "/" : `/${slug}`;
}

function bodyOf(story: unknown): Json[] {
  const content = isRecord(story) && isRecord(story.content) ? story.content : {};
  return Array.isArray(content.body) ? content.body.filter(isRecord) : [];
}

export async function readExpectations(
  siteOrigin: string,
  contentOrigin: string,
  token: string,
): Promise<Expectations> {
  const { story: home } = await api(contentOrigin, token, "stories/home", { version: "published" });
  const gallery: GalleryExpectation[] = (
    Array.isArray(bodyOf(home)[1]?.ImageData) ? (bodyOf(home)[1]!.ImageData as unknown[]) : []
  )
    .filter(isRecord)
    .map((item) => ({
      tags: Array.isArray(item.Tags) ? item.Tags.filter((tag): tag is string => typeof tag === "string") : [],
      path: storyPath(item.link),
    }));

  const { stories } = await api(contentOrigin, token, "stories", {
    version: "published",
    starts_with: "articles/",
    per_page: "100",
  });
  for (const story of Array.isArray(stories) ? stories.filter(isRecord) : []) {
    const slug = String(story.full_slug ?? "")
      .split("/")
      .filter(Boolean)
      .pop();
    if (!slug) continue;
    const articlePath = `/articles/${slug}`;
    // an article the build prerendered
    const page = await fetch(new URL(articlePath, siteOrigin), { method: "HEAD" });
    if (page.ok) return { gallery, articlePath };
  }
  throw new Error("the site has no prerendered article");
}
