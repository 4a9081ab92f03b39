import type { Folder, StoryRecord, VersionView } from "./content-files";
import { walk } from "./content-tree";
import { invalidParameter } from "./errors";
import { DEFAULT_LOCALIZATION, linkAlternates, type Localization } from "./languages";
import { commaList } from "./query";
import { byUuids } from "./story-views";

/**
 * resolve_relations and resolve_links, as the CDN answers them: related
 * stories go to `rels` (their uuids stay in the content, the client swaps
 * them in), linked stories to `links`. Past 50 the CDN sends only the uuids
 * (`rel_uuids` / `link_uuids`) and the client fetches them with by_uuids.
 */

export const RESOLVE_LIMIT = 50;

type RelationPattern = ReturnType<typeof parseRelationPatterns>[number];

export function parseRelationPatterns(raw: string) {
  return commaList(raw).map((item) => {
    const dot = item.indexOf(".");
    const component = item.slice(0, dot);
    const field = item.slice(dot + 1);
    if (dot <= 0 || !field || field.includes(".") || item.length > 200) {
      throw invalidParameter(`resolve_relations items must look like component.field, got "${item.slice(0, 80)}"`);
    }
    return { component, field };
  });
}

function isBlok(node: Record<string, unknown>): boolean {
  return typeof node.component === "string";
}

export function collectRelationUuids(content: unknown, patterns: readonly RelationPattern[], into: Set<string>): void {
  walk(content, (obj) => {
    if (!isBlok(obj)) return;
    for (const p of patterns) {
      if (p.component !== "*" && p.component !== obj.component) continue;
      const value = obj[p.field];
      if (typeof value === "string" && value) into.add(value);
      else if (Array.isArray(value)) for (const v of value) if (typeof v === "string" && v) into.add(v);
    }
  });
}

/** Story links: multilink fields of linktype story, and rich-text link marks to stories. */
export function collectLinkUuids(content: unknown, into: Set<string>): void {
  walk(content, (obj) => {
    if (obj.linktype !== "story") return;
    if (obj.fieldtype === "multilink" && typeof obj.id === "string" && obj.id) into.add(obj.id);
    else if (typeof obj.uuid === "string" && obj.uuid) into.add(obj.uuid);
  });
}

export interface Resolved {
  /** JSON texts of the related stories. */
  rels: string[];
  relUuids?: string[];
  links: string[];
  linkUuids?: string[];
}

export type LinkMode = "story" | "url" | "link";

/**
 * A story's link object (cdn/links, resolve_links=link), in the fields of
 * https://www.storyblok.com/docs/api/content-delivery/v2/links/retrieve-multiple-links
 * and storyblok-ruby-client spec/fixtures/vcr_cassettes/.../When_querying_links/.../get_a_links_list.yml.
 */
export function linkObject(
  record: StoryRecord,
  includeDates = false,
  languages: readonly string[] = [],
): Record<string, unknown> {
  const s = record.story;
  const link: Record<string, unknown> = {
    id: s.id,
    uuid: s.uuid,
    slug: s.full_slug,
    path: typeof s.path === "string" ? s.path : null,
    parent_id: s.parent_id ?? 0,
    name: s.name ?? "",
    is_folder: false,
    published: record.entry.published !== null,
    is_startpage: s.is_startpage === true,
    position: typeof s.position === "number" ? s.position : 0,
    real_path: `/${typeof s.path === "string" && s.path ? s.path : s.full_slug}`,
  };
  // the story's language versions (field-level translation); the recorded answers of a space without languages have none
  if (languages.length > 0) link.alternates = linkAlternates(s, languages, record.entry.published !== null);
  if (includeDates) {
    link.published_at = s.published_at ?? null;
    link.created_at = s.created_at ?? null;
    link.updated_at = s.updated_at ?? s.published_at ?? s.created_at ?? null;
  }
  return link;
}

/** A folder's link object: folders are listed whatever the version, never `published` (the recorded answer above). */
export function folderLink(folder: Folder, includeDates = false): Record<string, unknown> {
  const link: Record<string, unknown> = {
    id: folder.id,
    uuid: folder.uuid,
    slug: folder.full_slug,
    path: null,
    parent_id: folder.parent_id,
    name: folder.name,
    is_folder: true,
    published: false,
    is_startpage: false,
    position: folder.position,
    real_path: `/${folder.full_slug}`,
  };
  if (includeDates) Object.assign(link, { published_at: null, created_at: null, updated_at: null });
  return link;
}

function urlObject(record: StoryRecord): Record<string, unknown> {
  const s = record.story;
  return { id: s.id, uuid: s.uuid, name: s.name ?? "", slug: s.slug ?? "", full_slug: s.full_slug, url: s.full_slug };
}

export function resolve(
  stories: readonly StoryRecord[],
  view: VersionView,
  patterns: readonly RelationPattern[] | undefined,
  linkMode: LinkMode | undefined,
  localization: Localization = DEFAULT_LOCALIZATION,
): Resolved {
  const json = (record: StoryRecord) => record.jsonIn(localization);
  const out: Resolved = { rels: [], links: [] };
  if (patterns && patterns.length > 0) {
    const uuids = new Set<string>();
    for (const r of stories) collectRelationUuids(r.story.content, patterns, uuids);
    const found = byUuids(view, uuids);
    // second level (resolve_level 2): relations inside the related stories
    if (found.length <= RESOLVE_LIMIT) {
      const nested = new Set<string>();
      for (const r of found) collectRelationUuids(r.story.content, patterns, nested);
      const unseen = [...nested].filter((u) => !uuids.has(u));
      found.push(...byUuids(view, unseen));
    }
    if (found.length > RESOLVE_LIMIT) out.relUuids = found.map((r) => r.story.uuid);
    else out.rels = found.map(json);
  }
  if (linkMode) {
    const uuids = new Set<string>();
    for (const r of stories) collectLinkUuids(r.story.content, uuids);
    const found = byUuids(view, uuids);
    if (found.length > RESOLVE_LIMIT) out.linkUuids = found.map((r) => r.story.uuid);
    else
      out.links = found.map((r) =>
        linkMode === "story" ? json(r) : JSON.stringify(linkMode === "url" ? urlObject(r) : linkObject(r)),
      );
  }
  return out;
}
