import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { Deferred } from "~/components/deferred/deferred";
import { Gallery } from "~/components/gallery/gallery";
import { Hero } from "~/components/hero/hero";
import { TagFilter } from "~/components/tag-filter/tag-filter";
import { contentConfig } from "~/content/content-config";
import { useLiveStory } from "~/content/live-edits";
import { pageMeta, type SiteData } from "~/content/site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { siteFromMatches } from "~/routing/root-data";
import { siteClient } from "~/routing/site-client";
import { useUiText } from "~/hooks/use-language";
import { languageOfPath } from "~/language";
import styles from "./home.module.css";

/** Prerender: the home story and the filter tags, in the HTML. */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ loadHomePage }, client] = await Promise.all([import("~/content/home"), siteClient()]);
  return loadHomePage(client, contentConfig.version, languageOfPath(new URL(request.url).pathname));
}

/**
 * Navigations read the prerendered data (a static file, no content request).
 * The visual editor, and a build without this page, ask the content service:
 * the page comes first, the filter buttons show 'Loading...' until the
 * categories arrive.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  const language = languageOfPath(new URL(args.request.url).pathname);
  return prerenderedOrFresh(args, async (version) => {
    const [home, client] = await Promise.all([import("~/content/home"), siteClient()]);
    return {
      page: await home.loadHomeStory(client, version, language),
      filterTags: deferred(home.loadFilterTags(client, version, language)),
    };
  });
}

export function HydrateFallback() {
  return <p className={styles.loading}>{useUiText().loadingCategories}</p>;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const page = loaderData?.page;
  const site = siteFromMatches(matches);
  const work = page?.description ?? "Selected work.";
  return pageMeta({
    site,
    title: "",
    description: site?.name ? `${site.name}: ${work.charAt(0).toLowerCase()}${work.slice(1)}` : work,
    path: "/",
    language: languageOfPath(location.pathname),
    image: page?.shareImage ?? null,
  });
};

const parseLive = async (story: unknown) => (await import("~/content/home")).parseHomeStory(story);

/** The home page's heading: the studio's name (from the root loader), else what the logo link is called. */
function useHomeHeading(): string {
  const root = useRouteLoaderData<{ site?: SiteData; header?: { logoLabel?: string } }>("root");
  const text = useUiText();
  return root?.site?.name || root?.header?.logoLabel || text.homeLinkLabel;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const text = useUiText();
  const page = useLiveStory(loaderData.page, parseLive);
  const heading = useHomeHeading();
  const [selectedTags, setSelectedTags] = useState<string[]>([]);
  const toggleTag = (tag: string) =>
    setSelectedTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  return (
    <>
      <h1 className="visually-hidden">{heading}</h1>
      <div {...page.hero.editable}>
        <Hero hero={page.hero} />
      </div>
      <Deferred value={loaderData.filterTags} fallback={<p className={styles.loading}>{text.loadingCategories}</p>}>
        {(tags) => <TagFilter tags={tags} selected={selectedTags} onToggle={toggleTag} />}
      </Deferred>
      <div {...page.gallery.editable}>
        <Gallery items={page.gallery.items} selectedTags={selectedTags} />
      </div>
    </>
  );
}
