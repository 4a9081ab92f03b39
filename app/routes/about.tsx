import { useEffect } from "react";
import type { Route } from "./+types/about";
import { AboutBody } from "~/bloks/about/about";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import { PageMessage } from "~/components/page-message/page-message";
import type { AboutPage } from "~/content/about";
import { useLiveStory } from "~/content/live-edits";
import { usePageTitle } from "~/hooks/use-site";
import { deferred, prerenderedOrFresh } from "~/routing/client-loader";
import { siteClient } from "~/routing/site-client";
import { storyPageMeta } from "~/routing/story-page-meta";
import { useLanguage, useUiText } from "~/hooks/use-language";
import { languageOfPath } from "~/language";
import styles from "./about.module.css";
import { behaviour } from "~/behaviours/markers";
import { ABOUT_BODY_CLASS as BODY_CLASS } from "~/behaviours/about";

/** Prerender: the about story in its published ("online") version, in the HTML. */
export async function loader({ request }: Route.LoaderArgs): Promise<{ page: MaybeDeferred<AboutPage> }> {
  const [{ loadAboutPage }, client] = await Promise.all([import("~/content/about"), siteClient()]);
  return { page: await loadAboutPage(client, undefined, languageOfPath(new URL(request.url).pathname)) };
}

/**
 * Navigations read the prerendered data; the visual editor and a build
 * without this page ask the content service, showing 'Laden...' meanwhile.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  // the about story is read published in every version (SPEC 7); the visual editor previews the draft it edits
  const language = languageOfPath(new URL(args.request.url).pathname);
  return prerenderedOrFresh(args, (_version, preview) => ({
    page: deferred(
      Promise.all([import("~/content/about"), siteClient()]).then(([about, client]) =>
        about.loadAboutPage(client, preview ? "draft" : undefined, language),
      ),
    ),
  }));
}

export const meta: Route.MetaFunction = (args) => storyPageMeta(args, "/about", "aboutTitle");

function LiveAbout({ page }: { page: AboutPage }) {
  const language = useLanguage();
  const parseLive = async (story: unknown) => (await import("~/content/about")).parseAboutStory(story, language);
  return <AboutBody page={useLiveStory(page, parseLive)} />;
}

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    document.body.classList.add(BODY_CLASS);
    return () => document.body.classList.remove(BODY_CLASS);
  }, []);
  const text = useUiText();
  const title = usePageTitle(text.aboutTitle);
  return (
    <div className={styles.page} data-about-page="" {...behaviour("about")}>
      <Deferred value={loaderData.page} fallback={<PageMessage>{text.loading}</PageMessage>} title={title}>
        {(page) => <LiveAbout page={page} />}
      </Deferred>
    </div>
  );
}
