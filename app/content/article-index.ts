import type { StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentVersion } from "./content-config";
import { editableAttributes, type EditableAttributes } from "./editable";
import { isRecord } from "./is-record";
import { article } from "./schema/article";
import { articleList, index } from "./schema/index-story";
import { lastSlugSegment, parseStory } from "./schema/story";
import type { BuildListing } from "./build-listing.server";
import { parseCdnStory, storiesByUuids, type CdnStory } from "./stories-by-uuid";
import { fetchStory } from "./story-api";
import { DEFAULT_LANGUAGE, type Language } from "../language";

/** SPEC 3, "Article list entry". */
export interface ArticleListEntry {
  /** the article's story id: its row follows the visual editor's edits of it */
  storyId: number | null;
  uuid: string;
  name: string;
  /** last segment of full_slug: the row links to /articles/{slug} */
  slug: string;
  img: string;
  alt: string;
  /** the image's focal point ("" none) */
  focus?: string;
  tags: string[];
  error: boolean;
}

export interface IndexStory {
  /** for the visual editor's live updates */
  storyId: number | null;
  title: string;
  /** uuids of the listed articles, in the editor's order */
  uuids: string[];
  /**
   * The listed articles the story carries itself: the visual editor's bridge
   * sends them in place of their uuids where it resolves the relation
   * (resolveRelations); a CDN answer without resolve_relations carries none.
   */
  resolved: ArticleListEntry[];
  /** the visual editor's attributes of the article list blok */
  editable: EditableAttributes;
}

export interface IndexPage {
  storyId: number | null;
  /** the page heading (the story's Title) */
  title: string;
  articles: ArticleListEntry[];
  editable: EditableAttributes;
}

const articleHeader = /* @__PURE__ */ article.pick("Header");

export function articleListEntry(story: CdnStory): ArticleListEntry {
  const header = articleHeader(story.content).Header;
  return {
    storyId: story.id,
    uuid: story.uuid,
    name: story.name,
    slug: lastSlugSegment(story.full_slug || story.slug),
    img: header.filename,
    alt: header.alt,
    ...(header.focus ? { focus: header.focus } : {}),
    tags: story.tag_list,
    error: false,
  };
}

/** SPEC 8: a reference that could not be read, with the message in every field. */
export function placeholderEntry(uuid: string, version: ContentVersion): ArticleListEntry {
  const message = `Fehler bei ${uuid} (${version})`;
  return {
    storyId: null,
    uuid,
    name: message,
    slug: message,
    img: message,
    alt: message,
    tags: [message],
    error: true,
  };
}

/**
 * The log line for a reference that could not be read (SPEC 8 asks for a log, not its words): it names the
 * likely cause in content terms, so that a build's log does not read like a broken install.
 */
export function unreadableReferenceLog(uuid: string, version: ContentVersion): string {
  return `Left out of the index: story ${uuid} is not in the ${version} content (not published, or deleted).`;
}

/** The referenced articles in the given order; unreadable ones logged and dropped (SPEC 8). */
export async function loadArticleList(
  client: StoryblokClient,
  uuids: readonly string[],
  version: ContentVersion = "published",
  listed?: ReadonlyMap<string, unknown>,
  language: Language = DEFAULT_LANGUAGE,
): Promise<ArticleListEntry[]> {
  const stories = await storiesByUuids(client, uuids, version, listed, language);
  const entries = uuids.map((uuid) => {
    const story = stories.get(uuid);
    if (story) return articleListEntry(story);
    console.warn(unreadableReferenceLog(uuid, version));
    return placeholderEntry(uuid, version);
  });
  return entries.filter((entry) => !entry.error && entry.slug !== "");
}

/** A story as an index row (the editor's bridge sends the stories it shows); null for what is no readable story. */
export function parseArticleListEntry(value: unknown): ArticleListEntry | null {
  const story = parseCdnStory(value);
  return story ? articleListEntry(story) : null;
}

export function parseIndexStory(value: unknown): IndexStory {
  const story = parseStory(value, index);
  const raw = story.content.body?.[0];
  const blok = articleList.parse(raw);
  const references: unknown[] = isRecord(raw) && Array.isArray(raw.Articles) ? raw.Articles : [];
  // the editor resolves the references as drafts; the live index lists published articles only (SPEC 7)
  const resolved = references
    .filter((reference) => isRecord(reference) && typeof reference.published_at === "string")
    .flatMap((reference) => parseArticleListEntry(reference) ?? []);
  // a reference is a uuid, or the story itself where the bridge resolved it
  const uuids = references.flatMap((reference) => {
    const uuid = isRecord(reference) ? reference.uuid : reference;
    return typeof uuid === "string" && uuid.trim() !== "" ? [uuid] : [];
  });
  return {
    storyId: story.id,
    title: blok.Title,
    // each article once: the list's rows are keyed by uuid
    uuids: [...new Set(uuids)],
    resolved,
    editable: editableAttributes(blok),
  };
}

export async function loadIndexStory(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<IndexStory> {
  return parseIndexStory(await fetchStory(client, "index", version, language));
}

export interface LoadIndexOptions {
  /**
   * while prerendering: the build's listing of all stories
   * (app/content/build-listing.server.ts), whose published stories resolve
   * a production build's references; a preview build lists drafts, which
   * the index may not show, so it asks for its references
   */
  listing?: BuildListing;
  /** the page's language: Storyblok's field-level translation */
  language?: Language;
}

/** The whole index page: the story in the configured version, its references published (SPEC 7). */
export async function loadIndexPage(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  options: LoadIndexOptions = {},
): Promise<IndexPage> {
  const { language = DEFAULT_LANGUAGE, listing } = options;
  const story = await loadIndexStory(client, version, language);
  // only the server bundle prerenders (the client's bundle leaves this out)
  const listed =
    listing?.version === "published" && version === "published" && import.meta.env.SSR
      ? await listing.storiesByUuid(story.uuids).catch(() => undefined)
      : undefined;
  const articles = await loadArticleList(client, story.uuids, "published", listed, language);
  return { storyId: story.storyId, title: story.title, articles, editable: story.editable };
}
