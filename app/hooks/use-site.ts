import { useRouteLoaderData } from "react-router";
import type { SiteData } from "~/content/site";

/** What the root loader says about the studio (its name, share image); null outside the app (tests). */
export function useSite(): SiteData | null {
  return useRouteLoaderData<{ site?: SiteData }>("root")?.site ?? null;
}
