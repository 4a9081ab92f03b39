import type { StoryblokClient } from "@storyblok/react";
import { vi } from "vitest";

/** An article story as the CDN lists it, with `fields` over the defaults. */
export const articleStory = (uuid: string, fields: Record<string, unknown> = {}) => ({
  uuid,
  name: `Name ${uuid}`,
  slug: uuid,
  full_slug: `articles/${uuid}`,
  tag_list: ["Poster", "Branding"],
  content: { Header: { filename: `https://a.storyblok.com/f/287401/1600x1000/abc/${uuid}.webp`, alt: `Alt ${uuid}` } },
  ...fields,
});

/** A client that knows the given stories and answers by_uuids listings like the CDN. */
export function fakeCdn(known: Array<ReturnType<typeof articleStory>>, extra: Record<string, unknown> = {}) {
  const byUuid = new Map(known.map((s) => [s.uuid, s]));
  const get = vi.fn(async (path: string, params: Record<string, unknown>) => {
    if (path in extra) return { data: extra[path] };
    if (path === "cdn/stories" && typeof params.by_uuids === "string") {
      const stories = params.by_uuids.split(",").flatMap((uuid) => (byUuid.has(uuid) ? [byUuid.get(uuid)] : []));
      // the CDN does not promise the requested order
      return { data: { stories: stories.reverse() } };
    }
    throw { message: "Not Found", status: 404 };
  });
  return { get, client: { get } as unknown as StoryblokClient };
}
