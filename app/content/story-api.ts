import type { StoryblokClient } from "@storyblok/react";
import type { ContentVersion } from "./content-config";
import { isRecord } from "./is-record";
import { DEFAULT_LANGUAGE, languageQuery, type Language } from "../language";

/**
 * The Content Delivery API calls of the site (SPEC 7), through the SDK's
 * client each caller hands in (the routes the site's own:
 * app/routing/client-loader.ts, `siteClient`).
 */

/**
 * GET cdn/stories/{slug} in a language (Storyblok's `language`; none for
 * German, the default): the answer's story. Rejects when the service does,
 * or when the answer holds no story.
 */
export async function fetchStory(
  client: StoryblokClient,
  slug: string,
  version: ContentVersion,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Record<string, unknown>> {
  const { data } = await client.get(`cdn/stories/${slug}`, {
    version,
    ...languageQuery(language),
  });
  if (!isRecord(data) || !isRecord(data.story)) throw new Error(`No story in the answer for ${slug}`);
  return data.story;
}

/** GET cdn/stories (one page of a listing): the answer's stories, [] when it holds none. */
export async function fetchStories(client: StoryblokClient, query: Record<string, unknown>): Promise<unknown[]> {
  const { data } = await client.get("cdn/stories", query);
  return isRecord(data) && Array.isArray(data.stories) ? data.stories : [];
}
