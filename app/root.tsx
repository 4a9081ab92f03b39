// the global CSS first: before the components' own (CSS Modules), here and in the build's first-load stylesheet
import "./styles/app.css";
import { useEffect, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRevalidator,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "./bloks/footer/footer";
import { Header } from "./bloks/header/header";
import { ErrorScreen } from "./components/error-screen/error-screen";
import { HomeLink } from "./components/home-link/home-link";
import {
  installChunkErrorRecovery,
  useChunkErrorReload,
  useChunkReloadGuardReset,
} from "./components/route-chunk-reload/route-chunk-reload";
import { JsonLdScript } from "./components/json-ld/json-ld";
import { DevLazyImageLoader } from "./components/lazy-image/lazy-image";
import { prerenderedOrFresh } from "./routing/client-loader";
import { siteClient } from "./routing/site-client";
import { createScrollKey } from "./routing/scroll-key";
import { SiteShell } from "./components/site-shell/site-shell";
import { isVisualEditorSearch } from "./content/bridge";
import { contentConfig } from "./content/content-config";
import { oncePerBuild } from "./content/once-per-build";
import type { LayoutData } from "./content/layout";
import { LiveEditsProvider, useLiveStory } from "./content/live-edits";
import { fetchSpaceName, PREVIEW_BUILD, resolveSiteName, type SiteData } from "./content/site";
import { organizationJsonLd } from "./content/structured-data";
import { followLightbox } from "./behaviours/lightbox";
import { useLanguage, useUiText } from "./hooks/use-language";
import { useMarkHydrated } from "./hooks/use-hydrated";
import { languageOfPath, type Language } from "./language";

if (typeof window !== "undefined") installChunkErrorRecovery(window);

export const links: Route.LinksFunction = () => [
  // The text face: a build preloads its subset of it with the inline CSS (pipeline/critical-css.ts,
  // pipeline/font-subset.ts); the full face loads only for characters the subset lacks.
  {
    rel: "icon",
    // no raw spaces: a URL may not hold them (the Nu checker's "Space is not allowed")
    href: "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2032%2032'%3E%3Crect%20width='32'%20height='32'%20rx='16'%20fill='%23F388CC'/%3E%3C/svg%3E",
  },
];

export interface RootData extends LayoutData {
  site: SiteData;
}

/** The header's SVG logo and menu icons written into the page (app/content/inline-icons.ts). */
async function withInlineIcons(layout: LayoutData, fetchAsset: typeof fetch): Promise<LayoutData> {
  const { inlineHeaderIcons } = await import("./content/inline-icons");
  return { ...layout, header: await inlineHeaderIcons(layout.header, { fetchAsset }) };
}

/**
 * Header, footer and what every page says about the studio: its name (the
 * space's, one `cdn/spaces/me` request) and the fallback share image (the
 * home hero, from the home story the home page reads anyway).
 */
async function loadRootData(language: Language): Promise<RootData> {
  // imported here, as the client loader does: the browser's first load never carries the content SDK
  const [sdk, { fetchLayout }, { loadHomeStoryOnce }] = await Promise.all([
    import("./content/storyblok-client"),
    import("./content/layout"),
    import("./content/home"),
  ]);
  const client = sdk.contentClient();
  const [layout, spaceName, image] = await Promise.all([
    fetchLayout(client, contentConfig.version, language).then((read) =>
      withInlineIcons(read, sdk.fetchWithDeadline(sdk.CONTENT_TIMEOUT_SECONDS)),
    ),
    oncePerBuild(buildSpaceName, "space", () =>
      fetchSpaceName(client).catch((error: unknown) => {
        console.warn("The space's name could not be read (cdn/spaces/me):", error);
        return "";
      }),
    ),
    loadHomeStoryOnce(client, contentConfig.version, language)
      .then((home) => home.shareImage)
      .catch(() => null),
  ]);
  return { ...layout, site: { name: resolveSiteName(spaceName, layout.header.logo?.alt ?? ""), image } };
}

// module-level: a production build reads these once for all its pages (the loader runs once per page)
const buildSpaceName = new Map<"space", Promise<string>>();
const buildRoot = new Map<Language, Promise<RootData>>();

/**
 * Runs at build time (prerender) for every path, in the path's language.
 * Its data is the same on all pages of a language, so a production build
 * asks for it once per language.
 */
export function loader({ request }: Pick<Route.LoaderArgs, "request">): Promise<RootData> {
  const language = languageOfPath(new URL(request.url).pathname);
  return oncePerBuild(buildRoot, language, () => loadRootData(language));
}

/**
 * The prerendered data stands (every page has it); in the visual editor the
 * header and footer drafts come from the API, the studio's name from the build.
 */
export async function clientLoader(args: Route.ClientLoaderArgs): Promise<RootData> {
  return prerenderedOrFresh(args, async (version) => {
    try {
      const [client, layout, built] = await Promise.all([
        siteClient(),
        import("./content/layout"),
        args.serverLoader(),
      ]);
      const language = languageOfPath(new URL(args.request.url).pathname);
      return { ...(await layout.fetchLayout(client, version, language)), site: built.site };
    } catch (error) {
      console.error(error);
      return args.serverLoader();
    }
  });
}

/**
 * The header and footer are static: client navigations refetch them only
 * into the other language (its prerendered data) and in the visual editor.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  // the root route's params never change, so the default would keep the other language's header
  if (languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname)) return true;
  return isVisualEditorSearch(nextUrl.search) ? defaultShouldRevalidate : false;
};

/** The SPA fallback and error screens; every route has meta of its own (canonical URL, Open Graph). */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData?.site.name ? [{ title: loaderData.site.name }] : []),
  ...(PREVIEW_BUILD ? [{ name: "robots", content: "noindex" }] : []),
];

/** One for the document: it remembers the page the full-screen view opens over (routing/scroll-key.ts). */
const scrollKey = createScrollKey();

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const language = useLanguage();
  return (
    // each language has its own SPA fallback (pipeline/not-found-pages.ts), rendered in that language
    <html lang={language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#D6D6D6" />
        {/* a build writes the lazy image loader into each page (pipeline/head-script.ts) */}
        {import.meta.env.DEV ? <DevLazyImageLoader /> : null}
        <Meta />
        <Links />
        {data?.site ? <JsonLdScript data={organizationJsonLd(data, undefined, language)} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration getKey={scrollKey} />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  useChunkReloadGuardReset(pathname);
  usePreviewDrafts();
  // the full-screen view of every grid the document shows, now and after client navigations and live edits:
  // the one a page without React runs (its figures are LightboxTargets'), once for the document
  useEffect(() => followLightbox(document), []);
  return (
    <LiveEditsProvider>
      <LiveShell layout={loaderData}>
        <Outlet />
      </LiveShell>
    </LiveEditsProvider>
  );
}

/** The header and footer parsers: loaded in the visual editor only. */
const layoutParsers = () => import("./content/layout");

/** The site shell whose header and footer follow the visual editor's edits of their stories. */
function LiveShell({ layout, children }: { layout: LayoutData; children: ReactNode }) {
  const language = useLanguage();
  const header = useLiveStory(layout.header, async (story) =>
    (await layoutParsers()).parseHeaderStory(story, language),
  );
  const footer = useLiveStory(layout.footer, async (story) =>
    (await layoutParsers()).parseFooterStory(story, language),
  );
  return <Shell layout={{ header, footer }}>{children}</Shell>;
}

/** The site shell with the header and footer bloks; without their data they show their loading states. */
function Shell({ layout, children }: { layout: Partial<LayoutData> | undefined; children: ReactNode }) {
  useMarkHydrated();
  return (
    <SiteShell header={<Header blok={layout?.header ?? null} />} footer={<Footer blok={layout?.footer ?? null} />}>
      {children}
    </SiteShell>
  );
}

/** In the visual editor the prerendered data is replaced by the drafts once, after hydration. */
function usePreviewDrafts(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (isVisualEditorSearch(window.location.search)) void revalidate();
    // once per page load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The SPA fallback and any not-yet-loaded page: header and footer from the build, or their loading states. */
export function HydrateFallback({ loaderData }: Route.HydrateFallbackProps) {
  const text = useUiText();
  return (
    <Shell layout={loaderData}>
      <div aria-busy="true" />
      {/* a page the build does not know is loaded by the scripts: without them, the spec's screen and the way home */}
      <noscript>
        <ErrorScreen detail={text.scriptsNeeded}>
          <HomeLink />
        </ErrorScreen>
      </noscript>
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootData>("root");
  useChunkErrorReload(error);
  return (
    <Shell layout={data}>
      <ErrorScreen error={error} />
    </Shell>
  );
}
