import { useMemo } from "react";
import type { Route } from "./+types/index";
import { ArticleIndexList } from "~/components/article-index-list/article-index-list";
import { Deferred } from "~/components/deferred/deferred";
import { TitledPage } from "~/components/titled-page/titled-page";
import type { ArticleListEntry, IndexStory } from "~/content/article-index";
import { useLiveStory } from "~/content/bridge";
import { contentConfig } from "~/content/content-config";
import { firstShareImage, indexMeta, pageMeta } from "~/content/site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { siteFromMatches } from "~/routing/root-data";
import { useUiText } from "~/hooks/use-language";
import { languageOfPath } from "~/language";
import styles from "./index.module.css";

/** Prerender: the index story and its articles (read in their published state), in the HTML. */
export async function loader({ request }: Route.LoaderArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  const { loadIndexPage } = await import("~/content/article-index");
  return loadIndexPage(contentConfig.version, { prerender: import.meta.env.PROD, language });
}

/**
 * Navigations read the prerendered data; the visual editor and a build
 * without this page ask the content service, and the list shows
 * 'Content is loading...' until its articles are resolved.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  const language = languageOfPath(new URL(args.request.url).pathname);
  return prerenderedOrFresh(args, async (version) => {
    const index = await import("~/content/article-index");
    const story = await index.loadIndexStory(version, language);
    return {
      storyId: story.storyId,
      title: story.title,
      editable: story.editable,
      articles: deferred(index.loadArticleList(story.uuids, "published", undefined, language)),
    };
  });
}

export function HydrateFallback() {
  return <p className={styles.loading}>{useUiText().loadingIndex}</p>;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = siteFromMatches(matches);
  const language = languageOfPath(location.pathname);
  const articles = Array.isArray(loaderData?.articles) ? loaderData.articles : undefined;
  const { title, description } = indexMeta(loaderData?.title ?? "", articles, site?.name, language);
  return pageMeta({
    site,
    title,
    description,
    path: "/index",
    language,
    image: firstShareImage(
      (articles ?? []).map((article) => ({ filename: article.img, alt: article.alt || article.name })),
    ),
  });
};

const parseLive = async (story: unknown): Promise<LiveIndex> =>
  (await import("~/content/article-index")).parseIndexStory(story);

/** The index as the visual editor edits it; `uuids` null until an edit arrives (the loader's rows stand). */
type LiveIndex = Omit<IndexStory, "uuids"> & { uuids: string[] | null };

/** The bridge sends the listed articles themselves (the relation resolved), so rows follow the editor's list. */
const LIVE_OPTIONS = { resolveRelations: ["article_list.Articles"] };

/**
 * The rows after an edit: the story's references in its order, each as the
 * editor sent it, else as the page had it; one that neither holds is left out.
 */
function editedRows(shown: readonly ArticleListEntry[], story: LiveIndex): readonly ArticleListEntry[] {
  if (story.uuids === null) return shown;
  const known = new Map([...shown, ...story.resolved].map((entry) => [entry.uuid, entry]));
  return story.uuids.flatMap((uuid) => {
    const entry = known.get(uuid);
    return entry?.slug ? [entry] : [];
  });
}

export default function IndexPage({ loaderData }: Route.ComponentProps) {
  const text = useUiText();
  const { storyId, title, editable } = loaderData;
  const initial = useMemo<LiveIndex>(
    () => ({ storyId, title, editable, uuids: null, resolved: [] }),
    [storyId, title, editable],
  );
  const story = useLiveStory(storyId, initial, parseLive, LIVE_OPTIONS);
  return (
    <TitledPage headingId="index-heading" title={story.title || text.indexTitle} editable={story.editable}>
      <Deferred value={loaderData.articles} fallback={<p className={styles.loading}>{text.loadingIndex}</p>}>
        {(articles) => <ArticleIndexList articles={editedRows(articles, story)} />}
      </Deferred>
    </TitledPage>
  );
}
