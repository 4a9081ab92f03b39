import * as v from "valibot";
import type { ComponentDefinition } from "./component";
import { bool, lenientObject, plainText, textList } from "./values";

/**
 * A story as the Content Delivery API sends it (`data.story`, or one of
 * `data.stories`): the fields of it the site reads, and its content parsed
 * by the story's root component.
 */

/** An ISO date from the CDN, or "" for anything that is not a date. */
const isoDate = v.fallback(
  v.pipe(
    v.string(),
    v.transform((value) => {
      const time = value.trim() === "" ? NaN : Date.parse(value);
      return Number.isNaN(time) ? "" : new Date(time).toISOString();
    }),
  ),
  "",
);

const storyFields = lenientObject({
  /** for the visual editor's live updates; null when it has none */
  id: v.fallback(v.nullable(v.pipe(v.number(), v.finite())), null),
  uuid: plainText,
  name: plainText,
  slug: plainText,
  full_slug: plainText,
  tag_list: textList,
  published_at: isoDate,
  first_published_at: isoDate,
  is_startpage: bool,
  content: v.unknown(),
});

export type StoryFields = v.InferOutput<typeof storyFields>;

export type Story<Content> = Omit<StoryFields, "content"> & { content: Content };

/** Any value as a story whose content is the given root component's; never throws. */
export function parseStory<Root extends Pick<ComponentDefinition, "parse">>(
  value: unknown,
  root: Root,
): Story<ReturnType<Root["parse"]>> {
  const story = v.parse(storyFields, value);
  return { ...story, content: root.parse(story.content) as ReturnType<Root["parse"]> };
}

/** A story's fields without its content (listings of stories of any kind). */
export function parseStoryFields(value: unknown): StoryFields {
  return v.parse(storyFields, value);
}

/** The last path segment of a full_slug: articles/foo -> foo. */
export function lastSlugSegment(fullSlug: string): string {
  const parts = fullSlug.split("/").filter(Boolean);
  const last = parts[parts.length - 1] ?? "";
  // "." and ".." are no slug: /articles/.. would lead to the home page
  return last === "." || last === ".." ? "" : last;
}
