import type { MaybeDeferred } from "~/components/deferred/deferred";
import { pageMeta, type MetaTag, type ShareImage } from "~/content/site";
import type { Language } from "~/language";
import { siteFromMatches } from "./root-data";

/** A page's data once it is there: undefined while a client loader's promise is on its way. */
export function settled<T>(value: MaybeDeferred<T> | undefined): T | undefined {
  return value instanceof Promise ? undefined : value;
}

interface StoryPageView {
  metaTitle: string;
  description: string;
  shareImage?: ShareImage | null;
}

/**
 * The meta tags of a page that shows one story (about, imprint): its own
 * title, description and share image, else `title` and a line naming the
 * studio. While the story is on its way the page titles the document itself.
 */
export function storyPageMeta(
  { loaderData, matches }: { loaderData?: { page?: MaybeDeferred<StoryPageView> }; matches: unknown },
  { title: fallbackTitle, path, language }: { title: string; path: string; language: Language },
): MetaTag[] {
  const page = settled(loaderData?.page);
  const site = siteFromMatches(matches);
  const title = page?.metaTitle || fallbackTitle;
  return pageMeta({
    site,
    title,
    description: page?.description || (site?.name ? `${title}: ${site.name}.` : `${title}.`),
    path,
    language,
    // none of its own: the site's (the home hero)
    image: page?.shareImage ?? null,
    titleByPage: loaderData?.page instanceof Promise,
  });
}
