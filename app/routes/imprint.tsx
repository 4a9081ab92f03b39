import type { Route } from "./+types/imprint";
import { ImprintView } from "~/bloks/imprint/imprint";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import { PageMessage } from "~/components/page-message/page-message";
import { contentConfig } from "~/content/content-config";
import type { ImprintPage } from "~/content/imprint";
import { useLiveStory } from "~/content/live-edits";
import { usePageTitle } from "~/hooks/use-site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { siteClient } from "~/routing/site-client";
import { storyPageMeta } from "~/routing/story-page-meta";
import { useLanguage, useUiText } from "~/hooks/use-language";
import { languageOfPath } from "~/language";

/** Prerender: the imprint story, in the HTML. */
export async function loader({ request }: Route.LoaderArgs): Promise<{ page: MaybeDeferred<ImprintPage> }> {
  const [{ loadImprintPage }, client] = await Promise.all([import("~/content/imprint"), siteClient()]);
  const language = languageOfPath(new URL(request.url).pathname);
  return { page: await loadImprintPage(client, contentConfig.version, language) };
}

/** Navigations read the prerendered data; the visual editor and a build without this page ask the content service. */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  const language = languageOfPath(new URL(args.request.url).pathname);
  return prerenderedOrFresh(args, (version) => ({
    page: deferred(
      Promise.all([import("~/content/imprint"), siteClient()]).then(([imprint, client]) =>
        imprint.loadImprintPage(client, version, language),
      ),
    ),
  }));
}

export const meta: Route.MetaFunction = (args) => storyPageMeta(args, "/imprint", "imprintTitle");

function LiveImprint({ page }: { page: ImprintPage }) {
  const language = useLanguage();
  const parseLive = async (story: unknown) => (await import("~/content/imprint")).parseImprintStory(story, language);
  return <ImprintView page={useLiveStory(page, parseLive)} />;
}

export default function ImprintRoute({ loaderData }: Route.ComponentProps) {
  const text = useUiText();
  const title = usePageTitle(text.imprintTitle);
  return (
    <Deferred value={loaderData.page} fallback={<PageMessage>{text.loading}</PageMessage>} title={title}>
      {(page) => <LiveImprint page={page} />}
    </Deferred>
  );
}
