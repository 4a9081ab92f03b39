import type { StoryblokClient } from "@storyblok/react";

/**
 * The site's content client, which the routes' loaders hand the content
 * code (app/content reads through whatever client it is given). Its SDK is
 * imported on first use: a visit that only shows prerendered data never
 * loads it.
 */
export async function siteClient(): Promise<StoryblokClient> {
  const { contentClient } = await import("~/content/storyblok-client");
  return contentClient();
}
