import { isRecord } from "~/content/is-record";
import type { SiteData } from "~/content/site";

/** The root route's SiteData from a meta function's `matches`; null when there is none (tests, an error). */
export function siteFromMatches(matches: unknown): SiteData | null {
  if (!Array.isArray(matches)) return null;
  for (const match of matches) {
    if (!isRecord(match) || match.id !== "root") continue;
    const data = isRecord(match.loaderData) ? match.loaderData : isRecord(match.data) ? match.data : null;
    const site = data && isRecord(data.site) ? data.site : null;
    if (site && typeof site.name === "string") return site as unknown as SiteData;
  }
  return null;
}
