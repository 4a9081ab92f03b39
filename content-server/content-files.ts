import path from "node:path";
import { draftStoryJson, stripEditable } from "./editable";
import { DEFAULT_LOCALIZATION, isLanguageCode, localizationKey, localizeStory, type Localization } from "./languages";

/**
 * The files of a content folder and what they hold: story files (a draft
 * and, when it differs, the published version), space.json, folders.json
 * and datasources/*.json, parsed and validated; the records a store keeps of
 * each story version; the default order of listings.
 */

export type Version = "draft" | "published";

export interface Story {
  id: number;
  uuid: string;
  full_slug: string;
  [key: string]: unknown;
}

export interface StoryRecord {
  readonly story: Story;
  readonly version: Version;
  /** The story's JSON as an answer of its version carries it (drafts with `_editable`), computed on first use. */
  readonly json: string;
  /** The same in a language (field-level translation, content-server/languages.ts), kept per language. */
  jsonIn(localization: Localization): string;
  readonly tags: readonly string[];
  readonly entry: StoryEntry;
  /** Lower-cased text for search_term, computed on first use. */
  searchText?: string;
}

export interface StoryEntry {
  /** Path relative to the content folder, with forward slashes. */
  readonly file: string;
  readonly mtimeMs: number;
  readonly size: number;
  readonly draft: StoryRecord;
  /** null: never published. */
  readonly published: StoryRecord | null;
}

export interface VersionView {
  /** All stories of the version, in the default order. */
  readonly list: readonly StoryRecord[];
  readonly bySlug: ReadonlyMap<string, StoryRecord>;
  readonly byId: ReadonlyMap<number, StoryRecord>;
  readonly byUuid: ReadonlyMap<string, StoryRecord>;
}

/** A folder of the space: from folders.json, or made up from the stories' paths. */
export interface Folder {
  id: number;
  uuid: string;
  name: string;
  full_slug: string;
  parent_id: number;
  position: number;
}

export interface DatasourceDimension {
  id: number;
  name: string;
  entry_value: string;
}

export interface DatasourceEntry {
  id: number;
  name: string;
  value: string;
  /** The entry's value per dimension (`entry_value` of the dimension). */
  dimension_values: Readonly<Record<string, string>>;
}

export interface Datasource {
  id: number;
  name: string;
  slug: string;
  dimensions: readonly DatasourceDimension[];
  entries: readonly DatasourceEntry[];
}

export interface SpaceInfo {
  id: number;
  name: string;
  domain: string;
  /** the space's languages besides the default one (field-level translation) */
  language_codes: string[];
  [key: string]: unknown;
}

export interface SpaceFile {
  space: SpaceInfo;
  previewToken: string;
  publicToken: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function validateStory(value: unknown, where: string): Story {
  if (!isObject(value)) throw new Error(`${where}: not an object`);
  if (typeof value.id !== "number" || !Number.isSafeInteger(value.id))
    throw new Error(`${where}: "id" must be an integer`);
  if (typeof value.uuid !== "string" || value.uuid === "")
    throw new Error(`${where}: "uuid" must be a non-empty string`);
  if (typeof value.full_slug !== "string") throw new Error(`${where}: "full_slug" must be a string`);
  stripEditable(value.content);
  return value as Story;
}

function tagsOf(story: Story): string[] {
  return Array.isArray(story.tag_list) ? story.tag_list.filter((t): t is string => typeof t === "string") : [];
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Default order of listings without sort_by: `position` ascending, as the
 * API's recorded answers list them (storyblok-ruby-client
 * spec/fixtures/vcr_cassettes/.../When_querying_the_draft_version/when_querying_an_story_list_by_slug/returns_a_stories_list.yml:
 * position -10 before 0), then newest first.
 */
export function defaultOrder(
  a: { position?: unknown; created_at?: unknown; id: number },
  b: { position?: unknown; created_at?: unknown; id: number },
): number {
  const pa = num(a.position);
  const pb = num(b.position);
  if (pa !== pb) return pa - pb;
  const ca = str(a.created_at);
  const cb = str(b.created_at);
  if (ca !== cb) return ca < cb ? 1 : -1;
  return b.id - a.id;
}

class Record_ implements StoryRecord {
  private jsonTexts = new Map<string, string>();
  private jsonSpace = 0;
  searchText?: string;
  readonly tags: readonly string[];
  constructor(
    readonly story: Story,
    readonly version: Version,
    readonly entry: StoryEntry,
    private readonly spaceId: () => number,
  ) {
    this.tags = tagsOf(story);
  }
  get json(): string {
    return this.jsonIn(DEFAULT_LOCALIZATION);
  }
  jsonIn(localization: Localization): string {
    const space = this.spaceId();
    if (this.version === "draft" && this.jsonSpace !== space) {
      this.jsonTexts.clear();
      this.jsonSpace = space;
    }
    const key = localizationKey(localization);
    let text = this.jsonTexts.get(key);
    if (text === undefined) {
      const story = localizeStory(this.story, localization);
      text = this.version === "published" ? JSON.stringify(story) : draftStoryJson(story, space);
      this.jsonTexts.set(key, text);
    }
    return text;
  }
}

/**
 * A story file: `{ "story": {...} }` with an optional `published` key. Absent,
 * the published version is `story`, unless `story.published_at` is null (a
 * raw draft export of a never-published story: draft only). An object is the
 * published version; null means never published.
 */
export function parseStoryFile(
  text: string,
  file: string,
  mtimeMs: number,
  size: number,
  spaceId: () => number = () => 0,
): StoryEntry {
  const data: unknown = JSON.parse(text);
  if (!isObject(data)) throw new Error(`${file}: expected an object with a "story" key`);
  const draftStory = validateStory(data.story, `${file}: story`);
  let publishedStory: Story | null;
  if (data.published === undefined) publishedStory = draftStory.published_at === null ? null : draftStory;
  else if (data.published === null) publishedStory = null;
  else publishedStory = validateStory(data.published, `${file}: published`);

  const entry = { file, mtimeMs, size } as { -readonly [K in keyof StoryEntry]: StoryEntry[K] };
  entry.draft = new Record_(draftStory, "draft", entry, spaceId);
  entry.published = publishedStory === null ? null : new Record_(publishedStory, "published", entry, spaceId);
  return entry;
}

export function parseSpaceFile(text: string): SpaceFile {
  const data: unknown = JSON.parse(text);
  if (!isObject(data) || !isObject(data.space))
    throw new Error('space.json: expected { "space": {...}, "previewToken", "publicToken" }');
  const space = data.space;
  if (typeof space.id !== "number") throw new Error('space.json: "space.id" must be a number');
  if (typeof data.previewToken !== "string" || data.previewToken.length < 4)
    throw new Error('space.json: "previewToken" must be a string');
  if (typeof data.publicToken !== "string" || data.publicToken.length < 4)
    throw new Error('space.json: "publicToken" must be a string');
  if (data.previewToken === data.publicToken) throw new Error("space.json: previewToken and publicToken must differ");
  const codes = space.language_codes ?? [];
  if (!Array.isArray(codes) || !codes.every(isLanguageCode))
    throw new Error('space.json: "space.language_codes" must be a list of language codes like "en"');
  return {
    space: {
      ...space,
      id: space.id,
      name: str(space.name),
      domain: str(space.domain),
      language_codes: [...new Set(codes)],
    },
    previewToken: data.previewToken,
    publicToken: data.publicToken,
  };
}

function int(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new Error(`${where} must be an integer`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string") throw new Error(`${where} must be a string`);
  return value;
}

/** `datasources/{slug}.json`: `{ "datasource": { id, name, slug, dimensions }, "datasource_entries": [...] }`. */
export function parseDatasourceFile(source: string, file: string): Datasource {
  const data: unknown = JSON.parse(source);
  if (!isObject(data) || !isObject(data.datasource) || !Array.isArray(data.datasource_entries))
    throw new Error(`${file}: expected { "datasource": {...}, "datasource_entries": [...] }`);
  const ds = data.datasource;
  const dimensions = (Array.isArray(ds.dimensions) ? ds.dimensions : []).map((d: unknown, i) => {
    const where = `${file}: datasource.dimensions[${i}]`;
    if (!isObject(d)) throw new Error(`${where} must be an object`);
    return {
      id: int(d.id, `${where}.id`),
      name: text(d.name, `${where}.name`),
      entry_value: text(d.entry_value, `${where}.entry_value`),
    };
  });
  const entries = data.datasource_entries.map((e: unknown, i) => {
    const where = `${file}: datasource_entries[${i}]`;
    if (!isObject(e)) throw new Error(`${where} must be an object`);
    const values = isObject(e.dimension_values) ? e.dimension_values : {};
    const dimensionValues: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [key, value] of Object.entries(values))
      dimensionValues[key] = text(value, `${where}.dimension_values.${key}`);
    return {
      id: int(e.id, `${where}.id`),
      name: text(e.name, `${where}.name`),
      value: text(e.value, `${where}.value`),
      dimension_values: dimensionValues,
    };
  });
  return {
    id: int(ds.id, `${file}: datasource.id`),
    name: text(ds.name, `${file}: datasource.name`),
    slug: typeof ds.slug === "string" && ds.slug ? ds.slug : path.posix.basename(file, ".json"),
    dimensions,
    entries,
  };
}

/** `folders.json`: `{ "folders": [{ id, uuid, name, full_slug, parent_id?, position? }] }`. */
export function parseFoldersFile(source: string): Folder[] {
  const data: unknown = JSON.parse(source);
  if (!isObject(data) || !Array.isArray(data.folders)) throw new Error('folders.json: expected { "folders": [...] }');
  return data.folders.map((f: unknown, i) => {
    const where = `folders.json: folders[${i}]`;
    if (!isObject(f)) throw new Error(`${where} must be an object`);
    return {
      id: int(f.id, `${where}.id`),
      uuid: text(f.uuid, `${where}.uuid`),
      name: text(f.name, `${where}.name`),
      full_slug: text(f.full_slug, `${where}.full_slug`).replace(/\/+$/, ""),
      parent_id: f.parent_id === undefined || f.parent_id === null ? -1 : int(f.parent_id, `${where}.parent_id`),
      position: f.position === undefined ? 0 : int(f.position, `${where}.position`),
    };
  });
}
