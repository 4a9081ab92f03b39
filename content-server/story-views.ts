import { createHash } from "node:crypto";
import {
  defaultOrder,
  type Folder,
  type Story,
  type StoryEntry,
  type StoryRecord,
  type Version,
  type VersionView,
} from "./content-files";

/**
 * What the content store derives from its story files, anew after every
 * change: each version's stories indexed by full_slug, id and uuid, and the
 * space's folders.
 */

/** A stable uuid (version 4 layout) for a folder that has none in folders.json. */
function folderUuid(spaceId: number, slug: string): string {
  const h = createHash("sha256").update(`folder\u0000${spaceId}\u0000${slug}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[Number.parseInt(h[16] as string, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The folders of the space: every path prefix of a story's full_slug.
 * folders.json names them; a folder it does not list takes its id from its
 * stories' parent_id and its name from its slug.
 */
export function buildFolders(stories: readonly Story[], declared: readonly Folder[], spaceId: number): Folder[] {
  const bySlug = new Map(declared.map((f) => [f.full_slug, { ...f }]));
  const parentIds = new Map<string, Set<number>>();
  for (const story of stories) {
    const segments = story.full_slug.replace(/\/+$/, "").split("/");
    // a folder's start page ("articles/") lives in the folder "articles"
    const depth = story.full_slug.endsWith("/") ? segments.length : segments.length - 1;
    for (let i = 1; i <= depth; i++) {
      const slug = segments.slice(0, i).join("/");
      if (!parentIds.has(slug)) parentIds.set(slug, new Set());
      if (i === depth && typeof story.parent_id === "number" && story.parent_id > 0)
        parentIds.get(slug)?.add(story.parent_id);
    }
  }
  const usedIds = new Set(declared.map((f) => f.id));
  for (const [slug, ids] of parentIds) {
    if (bySlug.has(slug)) continue;
    const [only] = ids;
    let id = ids.size === 1 && only !== undefined && !usedIds.has(only) ? only : 0;
    if (id === 0)
      id = Number.parseInt(createHash("sha256").update(`folder-id\u0000${slug}`).digest("hex").slice(0, 12), 16);
    usedIds.add(id);
    bySlug.set(slug, {
      id,
      uuid: folderUuid(spaceId, slug),
      name: slug.split("/").pop() ?? slug,
      full_slug: slug,
      parent_id: -1,
      position: 0,
    });
  }
  for (const folder of bySlug.values()) {
    if (folder.parent_id !== -1) continue;
    const parent = folder.full_slug.includes("/")
      ? bySlug.get(folder.full_slug.slice(0, folder.full_slug.lastIndexOf("/")))
      : undefined;
    folder.parent_id = parent?.id ?? 0;
  }
  return [...bySlug.values()];
}

export function buildView(entries: Iterable<StoryEntry>, version: Version, warn: (m: string) => void): VersionView {
  const records: StoryRecord[] = [];
  for (const entry of entries) {
    const record = version === "draft" ? entry.draft : entry.published;
    if (record) records.push(record);
  }
  // files in path order, so duplicates resolve the same way every time
  records.sort((a, b) => (a.entry.file < b.entry.file ? -1 : a.entry.file > b.entry.file ? 1 : 0));
  const bySlug = new Map<string, StoryRecord>();
  const byId = new Map<number, StoryRecord>();
  const byUuid = new Map<string, StoryRecord>();
  const list: StoryRecord[] = [];
  for (const record of records) {
    const { id, uuid, full_slug } = record.story;
    const clash = byId.has(id)
      ? `id ${id}`
      : byUuid.has(uuid)
        ? `uuid ${uuid}`
        : bySlug.has(full_slug)
          ? `full_slug "${full_slug}"`
          : "";
    if (clash) {
      if (version === "draft")
        warn(`content: ${record.entry.file} ignored, its ${clash} is already used by another story`);
      continue;
    }
    byId.set(id, record);
    byUuid.set(uuid, record);
    bySlug.set(full_slug, record);
    list.push(record);
  }
  list.sort((a, b) => defaultOrder(a.story, b.story));
  return { list, bySlug, byId, byUuid };
}

/** The stories of `uuids` the view has, in that order. */
export function byUuids(view: VersionView, uuids: Iterable<string>): StoryRecord[] {
  return [...uuids].map((uuid) => view.byUuid.get(uuid)).filter((r): r is StoryRecord => r !== undefined);
}
