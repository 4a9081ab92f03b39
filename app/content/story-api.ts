import type { StoryblokClient } from "@storyblok/react";
import type { ContentConfig } from "./content-config";
import { isRecord } from "./is-record";
import { DEFAULT_LANGUAGE, languageQuery, type Language } from "../language";

/** The Content Delivery API calls of the site (SPEC 7), through the SDK's client. */

type Version = ContentConfig["version"];

/** The site's content client, imported on first use so pages that only render never load it. */
export async function siteClient(): Promise<StoryblokClient> {
  const { contentClient } = await import("./storyblok-client");
  return contentClient();
}

/** The client of the build's listing of all stories: it keeps no answers in memory. */
export async function siteListingClient(): Promise<StoryblokClient> {
  const { listingClient } = await import("./storyblok-client");
  return listingClient();
}

/**
 * GET cdn/stories/{slug} in a language (Storyblok's `language`; none for
 * German, the default): the answer's story. Rejects when the service does,
 * or when the answer holds no story.
 */
export async function fetchStory(
  slug: string,
  version: Version,
  client?: StoryblokClient,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Record<string, unknown>> {
  const { data } = await (client ?? (await siteClient())).get(`cdn/stories/${slug}`, {
    version,
    ...languageQuery(language),
  });
  if (!isRecord(data) || !isRecord(data.story)) throw new Error(`No story in the answer for ${slug}`);
  return data.story;
}

/** GET cdn/stories (one page of a listing): the answer's stories, [] when it holds none. */
export async function fetchStories(query: Record<string, unknown>): Promise<unknown[]> {
  const { data } = await (await siteClient()).get("cdn/stories", query);
  return isRecord(data) && Array.isArray(data.stories) ? data.stories : [];
}
