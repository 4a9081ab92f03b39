import type { Route } from "./+types/imprint";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import { RichText } from "~/components/rich-text/rich-text";
import { isVisualEditorSearch, useLiveStory } from "~/content/bridge";
import { contentConfig } from "~/content/content-config";
import { IMPRINT_LOADING_TEXT, loadImprintPage, parseImprintStory, type ImprintPage } from "~/content/imprint";
import { documentTitle, pageMeta, siteFromMatches } from "~/content/site";
import { useSite } from "~/hooks/use-site";
import styles from "./imprint.module.css";

/** Prerender: the imprint story, in the HTML. */
export async function loader(): Promise<{ page: MaybeDeferred<ImprintPage> }> {
  return { page: await loadImprintPage(contentConfig.version) };
}

/** Navigations read the prerendered data; the visual editor and a build without this page ask the content service. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const preview = isVisualEditorSearch(new URL(request.url).search);
  if (!preview) {
    try {
      return await serverLoader();
    } catch {
      // not prerendered: fall through to the content service
    }
  }
  const page = loadImprintPage(preview ? "draft" : contentConfig.version);
  // React attaches its own handler only when it renders the page; until then a
  // failure must not count as an unhandled rejection (the error screen shows it).
  page.catch(() => undefined);
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page;
  const resolved = page && !(page instanceof Promise) ? page : undefined;
  const site = siteFromMatches(matches);
  const title = resolved?.metaTitle || "Impressum";
  // no image of its own: the site's (the home hero)
  return pageMeta({
    site,
    title,
    description: resolved?.description || (site?.name ? `${title}: ${site.name}.` : `${title}.`),
    path: "/imprint",
    titleByPage: page instanceof Promise,
  });
};

/** The imprint's rich text blocks under the story's name. */
export function ImprintView({ page: initial }: { page: ImprintPage }) {
  const page = useLiveStory(initial.storyId, initial, parseImprintStory);
  return (
    <article className={styles.page} aria-labelledby="imprint-heading">
      <h1 id="imprint-heading" className={styles.heading}>
        {page.title}
      </h1>
      <div className={styles.blocks}>
        {page.blocks.map((block) => (
          <RichText key={block.key} document={block.text} className={styles.text} headingLevel={2} />
        ))}
      </div>
    </article>
  );
}

export default function Imprint({ loaderData }: Route.ComponentProps) {
  const siteName = useSite()?.name ?? "";
  return (
    <Deferred
      value={loaderData.page}
      fallback={<p className={styles.loading}>{IMPRINT_LOADING_TEXT}</p>}
      title={(page) => documentTitle(siteName, page?.metaTitle || "Impressum")}
    >
      {(page) => <ImprintView page={page} />}
    </Deferred>
  );
}
