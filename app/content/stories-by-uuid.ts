import type { StoryblokClient } from "@storyblok/react";
import * as v from "valibot";
import type { ContentVersion } from "./content-config";
import { plainText, textList } from "./schema/values";
import { parseStoryFields } from "./schema/story";
import { fetchStories } from "./story-api";
import { DEFAULT_LANGUAGE, languageQuery, type Language } from "../language";

/**
 * The stories a list refers to by uuid (the index's articles, SPEC 3 and 9),
 * read in batches, with the fields a reference list shows.
 */

/** SPEC 9: uuid lookups go in batches of 50 (one listing request per batch). */
export const UUID_BATCH_SIZE = 50;

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

/** The fields of a CDN story that reference lists read. */
export type CdnStory = v.InferOutput<typeof CdnStorySchema>;

/** A listed story with the fields reference lists read; null for what has no uuid. */
export function parseCdnStory(value: unknown): CdnStory | null {
  const parsed = v.safeParse(CdnStorySchema, value);
  return parsed.success ? parsed.output : null;
}

/**
 * Stories by uuid, one `cdn/stories?by_uuids=` request per 50 uuids (never
 * one per uuid); none at all when `listed` holds every story of `version`
 * (a build's listing), since a uuid it lacks is not readable in that version.
 * A uuid missing from the answer (unpublished, deleted, or its
 * batch failed) is simply absent from the map; failed batches are logged.
 */
export async function storiesByUuids(
  client: StoryblokClient,
  uuids: readonly string[],
  version: ContentVersion,
  listed?: ReadonlyMap<string, unknown>,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Map<string, CdnStory>> {
  const found = new Map<string, CdnStory>();
  const unique = [...new Set(uuids.filter((uuid) => typeof uuid === "string" && uuid !== ""))];
  if (listed) {
    for (const uuid of unique) {
      const raw = listed.get(uuid);
      const story = parseCdnStory(raw);
      if (story) found.set(uuid, { ...story, name: parseStoryFields(raw).name });
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
        return await fetchStories(client, {
          by_uuids: batch.join(","),
          per_page: 100,
          version,
          ...languageQuery(language),
        });
      } catch (error) {
        console.error(`Fehler beim Laden der Stories ${batch.join(",")} (${version}):`, error);
        return [];
      }
    }),
  );
  for (const raw of answers.flat()) {
    const story = parseCdnStory(raw);
    // the name in the answer's language (a translated slug's name)
    if (story) found.set(story.uuid, { ...story, name: parseStoryFields(raw).name });
  }
  return found;
}
