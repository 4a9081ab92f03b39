import type { Page } from "@playwright/test";
import type { ContentApi, StoryJson } from "./fixtures";

/**
 * Expected values, derived from the content API's answers the way the spec
 * and docs/content-model.md describe them, so specs never copy page output.
 */

export type Blok = Record<string, unknown> & { component?: string };

export interface Asset {
  filename?: string;
  alt?: string;
  name?: string;
}

export interface Multilink {
  url?: string;
  cached_url?: string;
  email?: string;
  linktype?: string;
  target?: string;
}

export function body(story: StoryJson): Blok[] {
  const list = story.content.body;
  return Array.isArray(list) ? (list as Blok[]) : [];
}

export function firstBody(story: StoryJson): Blok {
  const first = body(story)[0];
  if (!first) throw new Error(`story ${story.full_slug} has no body[0]`);
  return first;
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function asset(value: unknown): Asset {
  return typeof value === "object" && value !== null ? (value as Asset) : {};
}

export function multilink(value: unknown): Multilink {
  return typeof value === "object" && value !== null ? (value as Multilink) : {};
}

/** A story link's path in the site: the content model's `cached_url` is a full slug (`home` is `/`). */
export function storyPath(link: Multilink): string {
  const slug = (link.cached_url ?? "").replace(/^\/+|\/+$/g, "");
  return slug === "home" || slug === "" ? "/" : `/${slug}`;
}

/** SPEC: article links go to /articles/{last slug segment}. */
export function articlePath(fullSlug: string): string {
  const parts = fullSlug.split("/").filter(Boolean);
  return `/articles/${parts[parts.length - 1] ?? ""}`;
}

interface RichNode {
  type?: string;
  text?: string;
  content?: RichNode[];
}

function plain(node: RichNode): string {
  if (node.type === "text") return node.text ?? "";
  // a <br> adds no text to textContent: the lines on either side are checked separately
  if (node.type === "hard_break") return "\n";
  return (node.content ?? []).map(plain).join("");
}

/** The plain text of each top-level block of a rich-text document (paragraphs, headings, ...; one entry per line of a block with hard breaks), empty ones dropped. */
export function richTextBlocks(doc: unknown): string[] {
  const root = (typeof doc === "object" && doc !== null ? doc : {}) as RichNode;
  return (root.content ?? [])
    .flatMap((node) => plain(node).split("\n"))
    .map(normalise)
    .filter(Boolean);
}

export function normalise(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** Published article stories, as the listing answers them. */
export async function publishedArticles(api: ContentApi): Promise<StoryJson[]> {
  return api.stories({ starts_with: "articles/", version: "published" });
}

/**
 * A published article that existed at build time: the first one the index
 * story references. (Listings may also hold stories tests add at run time.)
 */
export async function builtArticle(api: ContentApi): Promise<StoryJson> {
  const uuids = firstBody(await api.story("index")).Articles;
  const list = Array.isArray(uuids) ? (uuids as string[]) : [];
  const published = await api.stories({ by_uuids: list.join(","), version: "published" });
  const byUuid = new Map(published.map((story) => [story.uuid, story]));
  const first = list.map((uuid) => byUuid.get(uuid)).find((story) => story !== undefined);
  if (!first) throw new Error("the index story references no published article");
  return api.story(first.full_slug);
}

/** Header and footer values every page shows (SPEC section 2), from their stories. */
export async function layoutExpectations(api: ContentApi) {
  const [headerStory, footerStory] = await Promise.all([api.story("header"), api.story("footer")]);
  const header = firstBody(headerStory);
  const footer = firstBody(footerStory);
  return {
    header: {
      logo: asset(header.Logo),
      index: { path: storyPath(multilink(header.Index)), label: text(header.IndexLabel) || "Index" },
      link: { path: storyPath(multilink(header.Link)), label: text(header.LinkLabel) || "About" },
    },
    footer: {
      text: text(footer.Text),
      imprint: { path: storyPath(multilink(footer.Imprint)), label: text(footer.ImprintLabel) || "Imprint" },
      email: multilink(footer.email),
      social: multilink(footer.SocialMedia),
      copyright: text(footer.Copyright),
      logoBig: text(footer.LogoBig),
    },
  };
}

export type LayoutExpectations = Awaited<ReturnType<typeof layoutExpectations>>;

/** Resolves once React has hydrated the document (its fibers are attached to the DOM). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const node = document.querySelector("main") ?? document.body;
    return Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Navigates and waits for hydration, so hydration errors are reported by the fixture. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** The text of an HTML document as a browser without JavaScript shows it: no scripts, tags or entities. */
export function visibleHtmlText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<template\b[\s\S]*?<\/template>/gi, " ");
  return normalise(decodeEntities(withoutCode.replace(/<[^>]*>/g, " ")));
}

export function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === "#") {
      const point = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) ? String.fromCodePoint(point) : entity;
    }
    return named[code.toLowerCase()] ?? entity;
  });
}

/** Attribute values in an HTML document (e.g. every href), decoded. */
export function htmlAttributeValues(html: string, attribute: string): string[] {
  const pattern = new RegExp(`\\s${attribute}="([^"]*)"`, "gi");
  return [...html.replace(/<script\b[\s\S]*?<\/script>/gi, " ").matchAll(pattern)].map((match) =>
    decodeEntities(match[1] ?? ""),
  );
}
