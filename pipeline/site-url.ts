/**
 * SITE_URL (pipeline/build-settings.ts): the public origin of the site (canonical links, sitemap.xml).
 * Unset is fine: the site then has no canonical links and no sitemap.
 * A preview build (draft content) keeps crawlers out: robots.txt disallows all.
 */

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A W3C datetime for <lastmod>, or "" for anything that is not a date. */
function lastmodOf(value: string | undefined): string {
  if (!value) return "";
  const time = Date.parse(value);
  return Number.isNaN(time) ? "" : new Date(time).toISOString();
}

/**
 * Every prerendered path, with the last publication of its story as
 * <lastmod> when known, and the page in each language as
 * `<xhtml:link rel="alternate" hreflang>` (x-default: the first, German)
 * when `alternates` names them (Google's sitemap format for localized pages).
 */
export function sitemapXml(
  siteUrl: string,
  paths: readonly string[],
  lastModified: ReadonlyMap<string, string> = new Map(),
  alternates: ReadonlyMap<string, ReadonlyArray<readonly [language: string, path: string]>> = new Map(),
): string {
  const href = (page: string) => escapeXml(siteUrl + encodeURI(page));
  const urls = paths.map((page) => {
    const lastmod = lastmodOf(lastModified.get(page));
    const languages = alternates.get(page) ?? [];
    const links = languages.map(
      ([language, other]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(language)}" href="${href(other)}"/>`,
    );
    if (languages[0]) links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${href(languages[0][1])}"/>`);
    return `  <url><loc>${href(page)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${links.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawlers welcome (with the sitemap when SITE_URL is set); a preview build shuts them all out. */
export function robotsTxt(siteUrl: string, options: { preview?: boolean } = {}): string {
  if (options.preview) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n${siteUrl ? `Sitemap: ${siteUrl}/sitemap.xml\n` : ""}`;
}
