import type { StoryblokClient } from "@storyblok/react";
import { DEFAULT_LANGUAGE, LANGUAGES, OG_LOCALES, localizedPath, type Language } from "../language";
import { uiText } from "../ui-text";
import type { ArticlePage, PageAlternates } from "./article";
import type { ArticleListEntry } from "./article-index";
import { contentConfig } from "./content-config";
import { parseFocus } from "./focal-point";
import { imageServiceUrl, isTransformable } from "./image-service";
import { isRecord } from "./is-record";

/**
 * What every page says about itself to search engines and link previews:
 * the studio's name (the Storyblok space's name, read once per build), the
 * canonical URL (from SITE_URL), Open Graph and Twitter card tags, and the
 * share image (1200x630 through the image service).
 */

declare const __SITE_URL__: string | undefined;

/** SITE_URL at build time (no trailing slash), "" when unset: then no canonical links and no og:url. */
export const SITE_URL = typeof __SITE_URL__ === "string" ? __SITE_URL__ : "";

/** A build from draft content is a preview: robots.txt disallows all and every page is noindex (README). */
export const PREVIEW_BUILD = contentConfig.version === "draft";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The site-wide part of the root loader's data. */
export interface SiteData {
  /** the studio's name: the space's name, else the header logo's alt text, else the host name */
  name: string;
  /** the share image of pages that have none of their own: the home hero */
  image: ShareImage | null;
}

/** The space's name from a `cdn/spaces/me` answer; "" when it has none. */
export function spaceNameOf(data: unknown): string {
  const space = isRecord(data) && isRecord(data.space) ? data.space : {};
  return typeof space.name === "string" ? space.name.trim() : "";
}

/** GET cdn/spaces/me (one request); rejects when the content service cannot answer. */
export async function fetchSpaceName(client: StoryblokClient): Promise<string> {
  const { data } = await client.get("cdn/spaces/me", {});
  return spaceNameOf(data);
}

export function hostNameOf(siteUrl: string): string {
  try {
    return siteUrl ? new URL(siteUrl).hostname : "";
  } catch {
    return "";
  }
}

/** The studio's name: the space's, else the header logo's alt text, else SITE_URL's host name ("" when all are missing). */
export function resolveSiteName(spaceName: string, logoAlt: string, siteUrl: string = SITE_URL): string {
  return spaceName.trim() || logoAlt.trim() || hostNameOf(siteUrl);
}

/** An absolute URL for crawlers: absolute ones as they are, site paths under SITE_URL, else "". */
export function absoluteUrl(url: string, siteUrl: string = SITE_URL): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("/") && !url.startsWith("//") && siteUrl) return siteUrl + url;
  return "";
}

/** A 1200x630 JPEG rendition of an image asset for link previews; null for anything the image service cannot transform. */
export function shareImageOf(
  asset: { filename: string; alt: string; focus?: string } | null | undefined,
  siteUrl: string = SITE_URL,
): ShareImage | null {
  if (!asset || !isTransformable(asset.filename)) return null;
  // the editor's focal point where there is one, else the service's guess of the interesting part
  const focal = parseFocus(asset.focus ?? "", asset.filename);
  const url = absoluteUrl(
    imageServiceUrl(asset.filename, {
      ...SHARE_IMAGE_SIZE,
      smart: !focal,
      filters: { format: "jpeg", quality: 80, focal },
    }),
    siteUrl,
  );
  return url ? { url, ...SHARE_IMAGE_SIZE, alt: asset.alt.trim() } : null;
}

/** The first candidate that makes a share image. */
export function firstShareImage(
  candidates: ReadonlyArray<{ filename: string; alt: string; focus?: string } | null | undefined>,
  siteUrl: string = SITE_URL,
): ShareImage | null {
  for (const candidate of candidates) {
    const image = shareImageOf(candidate, siteUrl);
    if (image) return image;
  }
  return null;
}

/** "Studio — Page"; the site name alone for the home page, the page alone when the name is unknown. */
export function documentTitle(siteName: string, pageTitle: string): string {
  if (!pageTitle) return siteName;
  if (!siteName) return pageTitle;
  return `${siteName} — ${pageTitle}`;
}

/** A path as it appears in canonical URLs: no trailing slash, "/" for the home page. */
export function canonicalPath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}

/** One tag of a page's head, in the shape React Router's meta functions return. */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string; hrefLang?: string };

export interface PageMetaInput {
  site: SiteData | null | undefined;
  /** the page's own title; "" for the home page, which carries the site name */
  title: string;
  description: string;
  /** the canonical path in German ("/about"); null for pages that have none (not found) */
  path: string | null;
  /** the page's language (default German): canonical URL, og:locale */
  language?: Language;
  /** the page's path in each language, when they are not `path` with each language's prefix (translated slugs) */
  alternates?: PageAlternates;
  /** falls back to the site's share image */
  image?: ShareImage | null;
  type?: "website" | "article";
  noindex?: boolean;
  /** article:published_time and friends */
  extra?: MetaTag[];
  /** the page's content is still on its way: the page sets the document title itself when it arrives */
  titleByPage?: boolean;
}

/** A page's path in each language: `path` under each language's prefix, unless the page names its own. */
export function pageAlternates(path: string, alternates?: PageAlternates): PageAlternates {
  return (
    alternates ??
    (Object.fromEntries(LANGUAGES.map((language) => [language, localizedPath(path, language)])) as PageAlternates)
  );
}

/**
 * title, description, robots, canonical, hreflang alternates (each
 * language and x-default, the German page), Open Graph and Twitter card
 * tags of one page.
 */
export function pageMeta(input: PageMetaInput, options: { siteUrl?: string; preview?: boolean } = {}): MetaTag[] {
  const { siteUrl = SITE_URL, preview = PREVIEW_BUILD } = options;
  const language = input.language ?? DEFAULT_LANGUAGE;
  const siteName = input.site?.name ?? "";
  const title = documentTitle(siteName, input.title);
  const description = input.description.trim();
  const paths = input.path !== null ? pageAlternates(input.path, input.alternates) : null;
  const url = paths && siteUrl ? siteUrl + canonicalPath(paths[language]) : "";
  const image = input.image ?? input.site?.image ?? null;
  const tags: MetaTag[] = [...(input.titleByPage ? [] : [{ title }]), { name: "description", content: description }];
  if (input.noindex || preview) tags.push({ name: "robots", content: "noindex" });
  if (url && paths) {
    tags.push({ tagName: "link", rel: "canonical", href: url });
    for (const other of LANGUAGES)
      tags.push({ tagName: "link", rel: "alternate", hrefLang: other, href: siteUrl + canonicalPath(paths[other]) });
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: siteUrl + canonicalPath(paths[DEFAULT_LANGUAGE]),
    });
  }
  tags.push(
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title || title },
    { property: "og:description", content: description },
    { property: "og:locale", content: OG_LOCALES[language] },
    ...LANGUAGES.filter((other) => other !== language).map((other) => ({
      property: "og:locale:alternate",
      content: OG_LOCALES[other],
    })),
  );
  if (siteName) tags.push({ property: "og:site_name", content: siteName });
  if (url) tags.push({ property: "og:url", content: url });
  if (image) {
    tags.push(
      { property: "og:image", content: image.url },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
    );
    if (image.alt) tags.push({ property: "og:image:alt", content: image.alt });
  }
  tags.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title || title },
    { name: "twitter:description", content: description },
  );
  if (image) {
    tags.push({ name: "twitter:image", content: image.url });
    if (image.alt) tags.push({ name: "twitter:image:alt", content: image.alt });
  }
  return [...tags, ...(input.extra ?? [])];
}

/** The article page's own title and its description; `siteName` fills in when the content has no text. */
export function articleMeta(
  page: ArticlePage | undefined,
  siteName = "",
  language: Language = DEFAULT_LANGUAGE,
): { title: string; description: string } {
  const by = siteName ? ` by ${siteName}` : "";
  const text = uiText[language];
  if (!page) return { title: text.loadingArticle, description: `A project${by}.` };
  if (page.status === "not-found") return { title: text.articleNotFound, description: text.articleNotFound };
  const { metaTitle, description } = page.article;
  return { title: metaTitle, description: description || `${metaTitle || "A project"}${by}.` };
}

/** The index page's own title and its description (`siteName` is the studio's name, "" when unknown). */
export function indexMeta(
  title: string,
  articles: readonly ArticleListEntry[] | undefined,
  siteName = "",
  language: Language = DEFAULT_LANGUAGE,
) {
  const heading = title || uiText[language].indexTitle;
  const count = articles?.length;
  const by = siteName ? ` by ${siteName}` : "";
  return {
    title: heading,
    description: count === undefined ? `${heading}: all projects${by}.` : `${heading}: ${count} projects${by}.`,
  };
}
