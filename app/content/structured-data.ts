import type { Article } from "./article";
import type { ImageView } from "./image-view";
import type { FooterView, HeaderView } from "./layout";
import { SITE_URL, absoluteUrl, shareImageOf, type SiteData } from "./site";
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from "../language";

/**
 * Structured data (schema.org JSON-LD) for search engines: the studio as an
 * Organization on every page, each article as a CreativeWork it created.
 */

export type JsonLd = Record<string, unknown>;

const ESCAPES: Readonly<Record<string, string>> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for a `<script type="application/ld+json">` element. Content is
 * written by editors: `<` and friends are escaped, so no text can close the
 * script element (`</script>`) or open a comment; the JSON means the same.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (character) => ESCAPES[character] ?? character);
}

function organizationId(siteUrl: string): string | undefined {
  return siteUrl ? `${siteUrl}/#organization` : undefined;
}

function nonEmpty<T>(values: T[]): T[] | undefined {
  return values.length > 0 ? values : undefined;
}

/** The studio: its name, site, logo, e-mail and social profile (from the header and footer entries). */
export function organizationJsonLd(
  { site, header, footer }: { site: SiteData; header: HeaderView | null; footer: FooterView | null },
  siteUrl: string = SITE_URL,
  language: Language = DEFAULT_LANGUAGE,
): JsonLd {
  const logo = header?.logo ? absoluteUrl(header.logo.src, siteUrl) : "";
  const email = footer?.email ? decodeURIComponent(footer.email.href.replace(/^mailto:/i, "").split("?")[0] ?? "") : "";
  const social = footer?.social ? absoluteUrl(footer.social.href, siteUrl) : "";
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: site.name || undefined,
    url: siteUrl ? `${siteUrl}${localizedPath("/", language)}` : undefined,
    knowsLanguage: [...LANGUAGES],
    logo: logo || undefined,
    email: email || undefined,
    sameAs: nonEmpty(social ? [social] : []),
  };
}

/**
 * An image with its credit: the asset's copyright as the notice, and as the
 * credit without its sign ("© Studio Halbton" credits "Studio Halbton").
 */
function imageObject(url: string, image: ImageView): JsonLd {
  const credit = image.copyright?.replace(/^(©|\(c\))\s*/i, "");
  return {
    "@type": "ImageObject",
    contentUrl: url,
    caption: image.alt || undefined,
    copyrightNotice: image.copyright || undefined,
    creditText: credit || undefined,
  };
}

/** An article as a CreativeWork created by the studio, about its client. */
export function creativeWorkJsonLd(
  article: Article,
  site: SiteData | null,
  siteUrl: string = SITE_URL,
  language: Language = DEFAULT_LANGUAGE,
): JsonLd {
  const url =
    siteUrl && article.slug
      ? `${siteUrl}${localizedPath(`/articles/${encodeURIComponent(article.slug)}`, language)}`
      : undefined;
  const header = article.header;
  const imageUrl = header
    ? shareImageOf({ filename: header.src, alt: header.alt, focus: header.focus }, siteUrl)?.url ||
      absoluteUrl(header.src, siteUrl)
    : "";
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    "@id": url ? `${url}#work` : undefined,
    url,
    name: article.name || article.headline,
    headline: article.headline || article.name,
    description: article.description || undefined,
    image: header && imageUrl ? imageObject(imageUrl, header) : undefined,
    creator: {
      "@type": "Organization",
      "@id": organizationId(siteUrl),
      name: site?.name || undefined,
      url: siteUrl ? `${siteUrl}/` : undefined,
    },
    keywords: nonEmpty(article.tags),
    datePublished: article.firstPublishedAt || article.publishedAt || undefined,
    dateModified: article.publishedAt || undefined,
    about: article.info.client ? { "@type": "Organization", name: article.info.client } : undefined,
    inLanguage: language,
  };
}
