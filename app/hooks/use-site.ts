import { useRouteLoaderData } from "react-router";
import { documentTitle, type SiteData } from "~/content/site";

/** What the root loader says about the studio (its name, share image); null outside the app (tests). */
export function useSite(): SiteData | null {
  return useRouteLoaderData<{ site?: SiteData }>("root")?.site ?? null;
}

/** The document title of a page whose data may come late: "Studio — {its title}", `fallback` until it has one. */
export function usePageTitle(fallback: string): (page: { metaTitle: string } | undefined) => string {
  const siteName = useSite()?.name ?? "";
  return (page) => documentTitle(siteName, page?.metaTitle || fallback);
}
