import type { MaybeDeferred } from "~/components/deferred/deferred";
import { pageMeta, type MetaTag, type ShareImage } from "~/content/site";
import { languageOfPath } from "~/language";
import { uiText } from "~/ui-text";
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
 * title, description and share image, else `fallbackTitle` (in the page's
 * language) and a line naming the studio. While the story is on its way the page titles the document itself.
 */
export function storyPageMeta(
  args: { loaderData?: { page?: MaybeDeferred<StoryPageView> }; matches: unknown; location: { pathname: string } },
  path: string,
  fallbackTitle: "aboutTitle" | "imprintTitle",
): MetaTag[] {
  const language = languageOfPath(args.location.pathname);
  const page = settled(args.loaderData?.page);
  const site = siteFromMatches(args.matches);
  const title = page?.metaTitle || uiText[language][fallbackTitle];
  return pageMeta({
    site,
    title,
    description: page?.description || (site?.name ? `${title}: ${site.name}.` : `${title}.`),
    path,
    language,
    // none of its own: the site's (the home hero)
    image: page?.shareImage ?? null,
    titleByPage: args.loaderData?.page instanceof Promise,
  });
}
