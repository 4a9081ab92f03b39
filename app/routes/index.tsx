import { useMemo } from "react";
import type { Route } from "./+types/index";
import { ArticleIndexList } from "~/components/article-index-list/article-index-list";
import { Deferred } from "~/components/deferred/deferred";
import { TitledPage } from "~/components/titled-page/titled-page";
import type { ArticleListEntry } from "~/content/article-index";
import { contentConfig } from "~/content/content-config";
import type { EditedIndex } from "~/content/edited-views";
import { useLiveView, type StoryEdit } from "~/content/live-edits";
import { firstShareImage, indexMeta, pageMeta } from "~/content/site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { siteClient } from "~/routing/site-client";
import { siteFromMatches } from "~/routing/root-data";
import { useUiText } from "~/hooks/use-language";
import { languageOfPath } from "~/language";
import styles from "./index.module.css";

/** Prerender: the index story and its articles (read in their published state), in the HTML. */
export async function loader({ request }: Route.LoaderArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  const [{ loadIndexPage }, { prerenderListing }, client] = await Promise.all([
    import("~/content/article-index"),
    import("~/content/build-listing.server"),
    siteClient(),
  ]);
  return loadIndexPage(client, contentConfig.version, { listing: await prerenderListing(language), language });
}

/**
 * Navigations read the prerendered data; the visual editor and a build
 * without this page ask the content service, and the list shows
 * 'Content is loading...' until its articles are resolved.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  const language = languageOfPath(new URL(args.request.url).pathname);
  return prerenderedOrFresh(args, async (version) => {
    const [index, client] = await Promise.all([import("~/content/article-index"), siteClient()]);
    const story = await index.loadIndexStory(client, version, language);
    return {
      storyId: story.storyId,
      title: story.title,
      editable: story.editable,
      articles: deferred(index.loadArticleList(client, story.uuids, "published", undefined, language)),
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
      (articles ?? []).map((article) => ({
        filename: article.img,
        alt: article.alt || article.name,
        focus: article.focus,
      })),
    ),
  });
};

/** The index as the editor edits it: its own story, or the article it has open (the row of it). */
const applyEdit = async (index: EditedIndex, edit: StoryEdit) =>
  (await import("~/content/edited-views")).indexWithEdit(index, edit);

/**
 * The rows as the visual editor edits them: after an edit of the index, the story's references in its
 * order, each as the editor sent it (the bridge resolves the relation), else as the page had it, one that
 * neither holds left out; the row of the article the editor has open as it is edited.
 */
function editedRows(shown: readonly ArticleListEntry[], index: EditedIndex): readonly ArticleListEntry[] {
  const { uuids, resolved, article } = index;
  let rows = shown;
  if (uuids !== null) {
    const known = new Map([...shown, ...resolved].map((entry) => [entry.uuid, entry]));
    rows = uuids.flatMap((uuid) => {
      const entry = known.get(uuid);
      return entry?.slug ? [entry] : [];
    });
  }
  return article ? rows.map((row) => (row.storyId === article.storyId ? article : row)) : rows;
}

export default function IndexPage({ loaderData }: Route.ComponentProps) {
  const text = useUiText();
  const { storyId, title, editable } = loaderData;
  const initial = useMemo<EditedIndex>(
    () => ({ storyId, title, editable, uuids: null, resolved: [], article: null }),
    [storyId, title, editable],
  );
  const story = useLiveView(initial, applyEdit);
  return (
    <TitledPage headingId="index-heading" title={story.title || text.indexTitle} editable={story.editable}>
      <Deferred value={loaderData.articles} fallback={<p className={styles.loading}>{text.loadingIndex}</p>}>
        {(articles) => <ArticleIndexList articles={editedRows(articles, story)} />}
      </Deferred>
    </TitledPage>
  );
}
