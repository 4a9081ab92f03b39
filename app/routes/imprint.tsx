import type { Route } from "./+types/imprint";
import { ImprintView } from "~/bloks/imprint/imprint";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import { PageMessage } from "~/components/page-message/page-message";
import { useLiveStory } from "~/content/bridge";
import { contentConfig } from "~/content/content-config";
import type { ImprintPage } from "~/content/imprint";
import { loadImprintPage } from "~/content/imprint";
import { usePageTitle } from "~/hooks/use-site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { storyPageMeta } from "~/routing/story-page-meta";
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

export const meta: Route.MetaFunction = (args) =>
  storyPageMeta(args, { title: uiText.de.imprintTitle, path: "/imprint" });

const parseLive = async (story: unknown) => (await import("~/content/imprint")).parseImprintStory(story);

function LiveImprint({ page }: { page: ImprintPage }) {
  return <ImprintView page={useLiveStory(page.storyId, page, parseLive)} />;
}

export default function ImprintRoute({ loaderData }: Route.ComponentProps) {
  const title = usePageTitle(uiText.de.imprintTitle);
  return (
    <Deferred value={loaderData.page} fallback={<PageMessage>{uiText.de.loading}</PageMessage>} title={title}>
      {(page) => <LiveImprint page={page} />}
    </Deferred>
  );
}
