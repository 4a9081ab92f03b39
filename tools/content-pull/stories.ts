import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { canonicalizeAssetUrls, type AssetCollector } from "./assets";
import { PullError } from "./errors";
import { writeIfChanged } from "./file-writes";
import { isObject, jsonText } from "./json";
import type { SpaceListing } from "./listing";
import { assignStoryFiles } from "./output";
import { mergeTranslatedStory } from "./translations";

/**
 * The stories as the content folder keeps them (docs/content-model.md): one
 * file per story with the draft as `story` and the published version as
 * `published` when it differs (null: never published).
 */

export interface Story {
  id: number;
  uuid: string;
  full_slug: string;
  [key: string]: unknown;
}

export interface StoryFile {
  story: Story;
  published?: Story | null;
}

export interface PairedStories {
  files: StoryFile[];
  /** Published and equal to the draft. */
  published: number;
  /** Published, with a draft that differs. */
  changed: number;
  /** Never published (`published: null`). */
  unpublished: number;
}

function checkStory(value: unknown, where: string): Story {
  if (
    !isObject(value) ||
    typeof value.id !== "number" ||
    typeof value.uuid !== "string" ||
    typeof value.full_slug !== "string"
  ) {
    throw new PullError(
      "api",
      `${where}: the API answered a story without id, uuid and full_slug; is this a Storyblok CDN API?`,
    );
  }
  return value as Story;
}

/**
 * Both versions of every story by uuid, stored canonical: asset URLs as
 * `https://a.storyblok.com/f/` (see canonicalizeAssetUrls), no `_editable`,
 * each language's fields merged in as `__i18n__` fields. Every asset URL of
 * the answers, as the API sent it, goes to `collector`.
 */
export function canonicalStories(
  listing: Pick<SpaceListing, "draft" | "published" | "translations">,
  collector: AssetCollector,
  assetOrigins: readonly string[],
): { draft: Story[]; published: Map<string, Story> } {
  const canonical = (raw: unknown, where: string): Story => {
    collector.add(raw);
    const text = canonicalizeAssetUrls(JSON.stringify(raw), assetOrigins);
    return checkStory(
      JSON.parse(text, (key, v: unknown) => (key === "_editable" ? undefined : v)),
      where,
    );
  };
  const byUuidIn = (list: unknown[], what: string) =>
    new Map(list.map((s, i) => canonical(s, `${what} story ${i}`)).map((story) => [story.uuid, story]));
  const translations = listing.translations.map(({ language, draft, published }) => ({
    language,
    draft: byUuidIn(draft, `${language} draft`),
    published: byUuidIn(published, `${language} published`),
  }));
  const withTranslations = (story: Story, version: "draft" | "published"): Story =>
    translations.reduce(
      (merged, translation) => mergeTranslatedStory(merged, translation[version].get(story.uuid), translation.language),
      story,
    );
  const draft = listing.draft.map((s, i) => withTranslations(canonical(s, `draft story ${i}`), "draft"));
  const published = listing.published.map((s, i) =>
    withTranslations(canonical(s, `published story ${i}`), "published"),
  );
  return { draft, published: new Map(published.map((story) => [story.uuid, story])) };
}

/** One file per story: its draft, and its published version where that differs. */
export function pairVersions(
  draft: readonly Story[],
  publishedByUuid: ReadonlyMap<string, Story>,
  warn: (message: string) => void,
): PairedStories {
  const paired: PairedStories = { files: [], published: 0, changed: 0, unpublished: 0 };
  const draftUuids = new Set<string>();
  for (const story of draft) {
    if (draftUuids.has(story.uuid)) continue; // listed twice (pages shifted while reading)
    draftUuids.add(story.uuid);
    const pub = publishedByUuid.get(story.uuid);
    if (pub === undefined) {
      paired.files.push({ story, published: null });
      paired.unpublished++;
    } else if (isDeepStrictEqual(story, pub)) {
      paired.files.push({ story });
      paired.published++;
    } else {
      paired.files.push({ story, published: pub });
      paired.changed++;
    }
  }
  for (const pub of publishedByUuid.values()) {
    if (draftUuids.has(pub.uuid)) continue;
    warn(`published story ${pub.full_slug} (${pub.uuid}) has no draft; it is stored as its own draft`);
    paired.files.push({ story: pub });
    paired.published++;
  }
  return paired;
}

export interface WrittenStories {
  written: number;
  unchanged: number;
  /** full_slug -> file below the folder. */
  bySlug: Map<string, string>;
  /** Every story file written or left as it was. */
  kept: Set<string>;
}

/** Writes the story files that changed; `onWritten` after each file. */
export async function writeStoryFiles(
  outDir: string,
  files: readonly StoryFile[],
  onWritten: (done: number, written: number) => void,
): Promise<WrittenStories> {
  const names = assignStoryFiles(files.map((f) => f.story));
  const out: WrittenStories = { written: 0, unchanged: 0, bySlug: new Map(), kept: new Set() };
  let done = 0;
  for (const file of files) {
    const rel = names.get(file.story.id) as string;
    out.bySlug.set(file.story.full_slug, rel);
    out.kept.add(rel);
    if (await writeIfChanged(path.join(outDir, ...rel.split("/")), jsonText(file))) out.written++;
    else out.unchanged++;
    onWritten(++done, out.written);
  }
  return out;
}
