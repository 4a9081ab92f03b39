/**
 * SITE_URL: the public origin of the site (canonical links, sitemap.xml).
 * Unset is fine: the site then has no canonical links and no sitemap.
 */

/** SITE_URL without a trailing slash, or "" when unset; only absolute http(s) URLs count. */
export function siteUrlFrom(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SITE_URL?.trim() ?? "";
  if (!raw) return "";
  if (!/^https?:\/\/[^/\s]+/i.test(raw)) throw new Error(`SITE_URL must be an absolute http(s) URL, not "${raw}"`);
  return raw.replace(/\/+$/, "");
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((page) => `  <url><loc>${escapeXml(siteUrl + encodeURI(page))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n${siteUrl ? `Sitemap: ${siteUrl}/sitemap.xml\n` : ""}`;
}

