import * as v from "valibot";
import { contentConfig, type ContentConfig } from "./content-config";
import { editableAttributes, type EditableAttributes } from "./editable";
import { isRecord } from "./is-record";
import { article } from "./schema/article";
import { plainText, textList } from "./schema/values";
import { articleList, index } from "./schema/index-story";
import { lastSlugSegment, parseStory, parseStoryFields } from "./schema/story";
import { fetchStories, fetchStory, siteListingClient } from "./story-api";
import { DEFAULT_LANGUAGE, languageQuery, type Language } from "../language";

type Version = ContentConfig["version"];

/** SPEC 9: uuid lookups go in batches of 50 (one listing request per batch). */
export const UUID_BATCH_SIZE = 50;

/** The fields of a CDN story that reference lists read. */
export interface CdnStory {
  id: number | null;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  tag_list: string[];
  content: Record<string, unknown>;
}

/** A listed story is readable only with a uuid (the index refers to stories by it). */
const CdnStorySchema = v.object({
  id: v.fallback(v.nullable(v.pipe(v.number(), v.finite())), null),
  uuid: v.pipe(v.string(), v.minLength(1)),
  name: plainText,
  slug: plainText,
  full_slug: plainText,
  tag_list: textList,
  content: v.fallback(v.record(v.string(), v.unknown()), {}),
});

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

/**
 * Stories by uuid, one `cdn/stories?by_uuids=` request per 50 uuids (never
 * one per uuid); none at all when `listed` holds every story of `version`
 * (a build's listing), since a uuid it lacks is not readable in that version.
 * A uuid missing from the answer (unpublished, deleted, or its
 * batch failed) is simply absent from the map; failed batches are logged.
 */
export async function storiesByUuids(
  uuids: readonly string[],
  version: Version,
  listed?: ReadonlyMap<string, unknown>,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Map<string, CdnStory>> {
  const found = new Map<string, CdnStory>();
  const unique = [...new Set(uuids.filter((uuid) => typeof uuid === "string" && uuid !== ""))];
  if (listed) {
    for (const uuid of unique) {
      const raw = listed.get(uuid);
      const parsed = v.safeParse(CdnStorySchema, raw);
      if (parsed.success) found.set(uuid, { ...parsed.output, name: parseStoryFields(raw).name });
    }
    return found;
  }
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += UUID_BATCH_SIZE) {
    batches.push(unique.slice(start, start + UUID_BATCH_SIZE));
  }
  const answers = await Promise.all(
    batches.map(async (batch) => {
      try {
        return await fetchStories({ by_uuids: batch.join(","), per_page: 100, version, ...languageQuery(language) });
      } catch (error) {
        console.error(`Fehler beim Laden der Stories ${batch.join(",")} (${version}):`, error);
        return [];
      }
    }),
  );
  for (const raw of answers.flat()) {
    const parsed = v.safeParse(CdnStorySchema, raw);
    // the name in the answer's language (a translated slug's name)
    if (parsed.success) found.set(parsed.output.uuid, { ...parsed.output, name: parseStoryFields(raw).name });
  }
  return found;
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
    tags: story.tag_list,
    error: false,
  };
}

/** SPEC 8: a reference that could not be read, with the message in every field. */
export function placeholderEntry(uuid: string, version: Version): ArticleListEntry {
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
export function unreadableReferenceLog(uuid: string, version: Version): string {
  return `Left out of the index: story ${uuid} is not in the ${version} content (not published, or deleted).`;
}

/** The referenced articles in the given order; unreadable ones logged and dropped (SPEC 8). */
export async function loadArticleList(
  uuids: readonly string[],
  version: Version = "published",
  listed?: ReadonlyMap<string, unknown>,
  language: Language = DEFAULT_LANGUAGE,
): Promise<ArticleListEntry[]> {
  const stories = await storiesByUuids(uuids, version, listed, language);
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
  const parsed = v.safeParse(CdnStorySchema, value);
  return parsed.success ? articleListEntry(parsed.output) : null;
}

export function parseIndexStory(value: unknown): IndexStory {
  const story = parseStory(value, index);
  const raw = story.content.body?.[0];
  const blok = articleList.parse(raw);
  const references: unknown[] = isRecord(raw) && Array.isArray(raw.Articles) ? raw.Articles : [];
  // the editor resolves the references as drafts; the live index lists published articles only (SPEC 7)
  const resolved = references
    .filter((reference) => isRecord(reference) && typeof reference.published_at === "string")
    .map(parseArticleListEntry)
    .filter((entry): entry is ArticleListEntry => entry !== null);
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
  version: Version = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<IndexStory> {
  return parseIndexStory(await fetchStory("index", version, undefined, language));
}

/**
 * The published stories a production build has listed already
 * (app/content/build-listing.ts); a preview build lists drafts, which the
 * index may not show, so it asks for its references.
 */
async function publishedBuildListing(
  version: Version,
  language: Language,
  uuids: readonly string[],
): Promise<ReadonlyMap<string, unknown> | undefined> {
  if (version !== "published") return undefined;
  const { buildListing } = await import("./build-listing");
  const listing = await buildListing("published", siteListingClient, language).catch(() => undefined);
  return listing?.storiesByUuid(uuids).catch(() => undefined);
}

export interface LoadIndexOptions {
  /** resolve the references from the build's listing of all stories */
  prerender?: boolean;
  /** the page's language: Storyblok's field-level translation */
  language?: Language;
}

/** The whole index page: the story in the configured version, its references published (SPEC 7). */
export async function loadIndexPage(
  version: Version = contentConfig.version,
  options: LoadIndexOptions = {},
): Promise<IndexPage> {
  const { language = DEFAULT_LANGUAGE } = options;
  const story = await loadIndexStory(version, language);
  // the listing reads files: only the server bundle has it (the client's bundle leaves it out)
  const listed =
    options.prerender && import.meta.env.SSR ? await publishedBuildListing(version, language, story.uuids) : undefined;
  const articles = await loadArticleList(story.uuids, "published", listed, language);
  return { storyId: story.storyId, title: story.title, articles, editable: story.editable };
}
