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
import fontUrl from "@fontsource-variable/epilogue/files/epilogue-latin-wght-normal.woff2?url";
import type { Route } from "./+types/root";
import { ErrorScreen } from "./components/error-screen/error-screen";
import {
  installChunkErrorRecovery,
  useChunkErrorReload,
  useChunkReloadGuardReset,
} from "./components/route-chunk-reload/route-chunk-reload";
import { JsonLdScript } from "./components/json-ld/json-ld";
import { SiteShell } from "./components/site-shell/site-shell";
import { isVisualEditor, isVisualEditorSearch, useLiveStory } from "./content/bridge";
import { contentConfig } from "./content/content-config";
// Values from layout.ts, home.ts and storyblok-client.ts are used by the loader only, which the client
// build drops; the browser imports them lazily (preview), keeping the content SDK out of first loads.
import { homeImages, loadHomeStoryOnce } from "./content/home";
import { fetchLayout, type LayoutData } from "./content/layout";
import { fetchSpaceName, firstShareImage, PREVIEW_BUILD, resolveSiteName, type SiteData } from "./content/site";
import { organizationJsonLd } from "./content/structured-data";
import { contentClient } from "./content/storyblok-client";
import type { ISbStoryData } from "@storyblok/react";
import "./styles/app.css";

if (typeof window !== "undefined") installChunkErrorRecovery(window);

export const links: Route.LinksFunction = () => [
  // The text face is on every page: fetch it with the HTML, not after the CSS (no late swap).
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  {
    rel: "icon",
    href: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='16' fill='%23F388CC'/%3E%3C/svg%3E",
  },
];

export interface RootData extends LayoutData {
  site: SiteData;
}

/**
 * Header, footer and what every page says about the studio: its name (the
 * space's, one `cdn/spaces/me` request) and the fallback share image (the
 * home hero, from the home story the home page reads anyway).
 */
async function loadRootData(): Promise<RootData> {
  const client = contentClient();
  const [layout, spaceName, image] = await Promise.all([
    fetchLayout(client, contentConfig.version),
    fetchSpaceName(client).catch((error: unknown) => {
      console.warn("The space's name could not be read (cdn/spaces/me):", error);
      return "";
    }),
    loadHomeStoryOnce(contentConfig.version)
      .then((home) => firstShareImage(homeImages(home)))
      .catch(() => null),
  ]);
  return { ...layout, site: { name: resolveSiteName(spaceName, layout.header.logo?.alt ?? ""), image } };
}

let buildRoot: Promise<RootData> | undefined;

/**
 * Runs at build time (prerender) for every path. Its data is the same on
 * all of them, so a production build asks for it once.
 */
export function loader(): Promise<RootData> {
  if (!import.meta.env.PROD) return loadRootData();
  buildRoot ??= loadRootData().catch((error: unknown) => {
    buildRoot = undefined;
    throw error;
  });
  return buildRoot;
}

/**
 * Only the visual editor reads content at run time: with `_storyblok_tk` in
 * the URL the header and footer drafts come from the API; otherwise the
 * prerendered data stands.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<RootData> {
  if (!isVisualEditorSearch(new URL(request.url).search)) return serverLoader();
  try {
    const [client, layout, built] = await Promise.all([
      import("./content/storyblok-client"),
      import("./content/layout"),
      serverLoader(),
    ]);
    return { ...(await layout.fetchLayout(client.contentClient(), "draft")), site: built.site };
  } catch (error) {
    console.error(error);
    return serverLoader();
  }
}

/** The header and footer are static: client navigations never refetch them (except in the visual editor). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  isVisualEditorSearch(nextUrl.search) ? defaultShouldRevalidate : false;

/** The SPA fallback and error screens; every route has meta of its own (canonical URL, Open Graph). */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData?.site.name ? [{ title: loaderData.site.name }] : []),
  ...(PREVIEW_BUILD ? [{ name: "robots", content: "noindex" }] : []),
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#D6D6D6" />
        <Meta />
        <Links />
        {data?.site ? <JsonLdScript data={organizationJsonLd(data)} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const parseHeaderLive = async (story: ISbStoryData) => (await import("./content/layout")).parseHeaderStory(story);
const parseFooterLive = async (story: ISbStoryData) => (await import("./content/layout")).parseFooterStory(story);

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const header = useLiveStory(loaderData.header.storyId, loaderData.header, parseHeaderLive);
  const footer = useLiveStory(loaderData.footer.storyId, loaderData.footer, parseFooterLive);
  useChunkReloadGuardReset(pathname);
  usePreviewDrafts();
  return (
    <SiteShell header={header} footer={footer}>
      <Outlet />
    </SiteShell>
  );
}

/** In the visual editor the prerendered data is replaced by the drafts once, after hydration. */
function usePreviewDrafts(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (isVisualEditor()) void revalidate();
    // once per page load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The SPA fallback and any not-yet-loaded page: header and footer from the build, or their loading states. */
export function HydrateFallback({ loaderData }: Route.HydrateFallbackProps) {
  return (
    <SiteShell header={loaderData?.header ?? null} footer={loaderData?.footer ?? null}>
      <div aria-busy="true" />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootData>("root");
  useChunkErrorReload(error);
  return (
    <SiteShell header={data?.header ?? null} footer={data?.footer ?? null}>
      <ErrorScreen error={error} />
    </SiteShell>
  );
}
