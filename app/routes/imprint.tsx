import type { Route } from "./+types/imprint";
import { ImprintView } from "~/bloks/imprint/imprint";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import { PageMessage } from "~/components/page-message/page-message";
import { useLiveStory } from "~/content/bridge";
import { contentConfig } from "~/content/content-config";
import type { ImprintPage } from "~/content/imprint";
import { loadImprintPage } from "~/content/imprint";
import { documentTitle, pageMeta } from "~/content/site";
import { useSite } from "~/hooks/use-site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { siteFromMatches } from "~/routing/root-data";
import { uiText } from "~/ui-text";

/** Prerender: the imprint story, in the HTML. */
export async function loader(): Promise<{ page: MaybeDeferred<ImprintPage> }> {
  return { page: await loadImprintPage(contentConfig.version) };
}

/** Navigations read the prerendered data; the visual editor and a build without this page ask the content service. */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return prerenderedOrFresh(args, (version) => ({
    page: deferred(import("~/content/imprint").then((imprint) => imprint.loadImprintPage(version))),
  }));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page;
  const resolved = page && !(page instanceof Promise) ? page : undefined;
  const site = siteFromMatches(matches);
  const title = resolved?.metaTitle || uiText.de.imprintTitle;
  // no image of its own: the site's (the home hero)
  return pageMeta({
    site,
    title,
    description: resolved?.description || (site?.name ? `${title}: ${site.name}.` : `${title}.`),
    path: "/imprint",
    titleByPage: page instanceof Promise,
  });
};

const parseLive = async (story: unknown) => (await import("~/content/imprint")).parseImprintStory(story);

function LiveImprint({ page }: { page: ImprintPage }) {
  return <ImprintView page={useLiveStory(page.storyId, page, parseLive)} />;
}

export default function ImprintRoute({ loaderData }: Route.ComponentProps) {
  const siteName = useSite()?.name ?? "";
  return (
    <Deferred
      value={loaderData.page}
      fallback={<PageMessage>{uiText.de.loading}</PageMessage>}
      title={(page) => documentTitle(siteName, page?.metaTitle || uiText.de.imprintTitle)}
    >
      {(page) => <LiveImprint page={page} />}
    </Deferred>
  );
}
