import { useEffect, type CSSProperties, type ReactElement } from "react";
import type { Route } from "./+types/about";
import { renderBloks } from "~/bloks/registry";
import { Deferred, type MaybeDeferred } from "~/components/deferred/deferred";
import {
  ABOUT_BODY_CLASS,
  ABOUT_LOADING_TEXT,
  aboutBlockTiming,
  aboutImages,
  loadAboutPage,
  parseAboutStory,
  type AboutPage,
} from "~/content/about";
import { isVisualEditorSearch, useLiveStory } from "~/content/bridge";
import { documentTitle, firstShareImage, pageMeta, siteFromMatches } from "~/content/site";
import { useSite } from "~/hooks/use-site";
import styles from "./about.module.css";

/** Prerender: the about story in its published ("online") version, in the HTML. */
export async function loader(): Promise<{ page: MaybeDeferred<AboutPage> }> {
  return { page: await loadAboutPage() };
}

/**
 * Navigations read the prerendered data; the visual editor and a build
 * without this page ask the content service, showing 'Laden...' meanwhile.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!isVisualEditorSearch(new URL(request.url).search)) {
    try {
      return await serverLoader();
    } catch {
      // not prerendered: fall through to the content service
    }
  }
  const page = loadAboutPage();
  // React attaches its own handler only when it renders the page; until then a
  // failure must not count as an unhandled rejection (the error screen shows it).
  page.catch(() => undefined);
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page;
  const resolved = page && !(page instanceof Promise) ? page : undefined;
  const site = siteFromMatches(matches);
  const title = resolved?.metaTitle || "About";
  return pageMeta({
    site,
    title,
    description: resolved?.description || (site?.name ? `${title}: ${site.name}.` : `${title}.`),
    path: "/about",
    image: resolved ? firstShareImage(aboutImages(resolved.body)) : null,
    titleByPage: page instanceof Promise,
  });
};

/** SPEC 2: the orange body style, on while the about page is shown. */
export function useAboutBodyStyle(): void {
  useEffect(() => {
    document.body.classList.add(ABOUT_BODY_CLASS);
    return () => document.body.classList.remove(ABOUT_BODY_CLASS);
  }, []);
}

/** The body bloks through the registry, each fading in 0.15 s after the one before. */
export function AboutBody({ page: initial }: { page: AboutPage }) {
  const page = useLiveStory(initial.storyId, initial, parseAboutStory);
  const blocks = renderBloks(page.body).filter((block): block is ReactElement => block !== null);
  return (
    <>
      <h1 className="visually-hidden">{page.name}</h1>
      {blocks.map((block, index) => {
        const { delay, duration } = aboutBlockTiming(index);
        const style = { "--about-delay": `${delay}s`, "--about-duration": `${duration}s` } as CSSProperties;
        return (
          <div key={block.key ?? index} className={styles.stagger} style={style}>
            {block}
          </div>
        );
      })}
    </>
  );
}

export default function About({ loaderData }: Route.ComponentProps) {
  useAboutBodyStyle();
  const siteName = useSite()?.name ?? "";
  return (
    <div className={styles.page} data-about-page="">
      <Deferred
        value={loaderData.page}
        fallback={<p className={styles.loading}>{ABOUT_LOADING_TEXT}</p>}
        title={(page) => documentTitle(siteName, page?.metaTitle || "About")}
      >
        {(page) => <AboutBody page={page} />}
      </Deferred>
    </div>
  );
}
