import { editableAttributes, type EditableAttributes } from "./editable";
import { assetSize } from "./image-service";
import { mediaKind } from "./media-type";
import { type RichTextDocument } from "./rich-text";
import { richTextPlainText } from "./rich-text-outline";
import { mediaItems, type ArticleMediaItem } from "./article-media";
import { article, info as infoBlok } from "./schema/article";
import { type Asset, type Link } from "./schema/values";
import { lastSlugSegment, parseStory, parseStoryFields, storyPaths } from "./schema/story";
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from "../language";
import type { OtherProject } from "./other-projects";
import { fieldLanguage, untranslatedLanguage } from "./text-language";
import { imageView, type ImageView } from "./image-view";

/**
 * The article page's view models (SPEC sections 2, 3, 8): an article story
 * parsed into the article with its media grid, and a listed article into an
 * other-projects card. ./article-page loads them.
 */

export interface ArticleInfo {
  client: string;
  services: string;
  /** Headline01 */
  headline: string;
  editable: EditableAttributes;
}

export interface Article {
  /** for the visual editor's live updates */
  storyId: number | null;
  /** the URL segment: /articles/{slug} */
  slug: string;
  name: string;
  headline: string;
  header: ImageView | null;
  info: ArticleInfo;
  text: RichTextDocument;
  /** null when the editor left the link empty */
  link: (Link & { label: string }) | null;
  /** the arrow beside the link (decorative) */
  icon: ImageView | null;
  media: ArticleMediaItem[];
  tags: string[];
  /** the story's published_at (ISO date), "" when never published */
  publishedAt: string;
  /** first_published_at, "" when never published */
  firstPublishedAt: string;
  /** the page's own title (the document title adds the studio's name) */
  metaTitle: string;
  /** from the content; "" when it has no text to offer */
  description: string;
  /** the visual editor's attributes of the story's content (the article blok) */
  editable: EditableAttributes;
  /**
   * The languages the texts are written in (./text-language): the page
   * marks those that are not its own. Null where nothing states it (the
   * story's name standing in for the headline).
   */
  languages: { headline: Language | null; text: Language | null; infoHeadline: Language | null };
}

/** A page's path in each language: the header's language link and the hreflang alternates. */
export type PageAlternates = Readonly<Record<Language, string>>;

export type ArticlePage =
  | {
      status: "found";
      article: Article;
      /** the article's page in each language (translated slugs); else the same slug in each */
      alternates?: PageAlternates;
      /**
       * Other articles in a random order, at most OTHER_PROJECTS_POOL of them:
       * the prerendered page shows the first two, and the browser picks two
       * of them at random on every visit (components/other-projects).
       */
      otherProjects: OtherProject[];
    }
  | { status: "not-found"; slug: string; alternates?: PageAlternates };

/** An article story's page in each language, by its (translated) slugs. */
export function articleAlternates(story: unknown): PageAlternates {
  const paths = storyPaths(story);
  const entries = LANGUAGES.map((language) => {
    const path = language === DEFAULT_LANGUAGE ? paths.default : (paths.translated[language] ?? paths.default);
    return [language, localizedPath(`/articles/${lastSlugSegment(path)}`, language)] as const;
  });
  return Object.fromEntries(entries) as Record<Language, string>;
}

/** An image asset with its alt text: the asset's own (not translated: in the default language), else the fallback. */
function imageOf(asset: Asset, altFallback: string): ImageView | null {
  if (mediaKind(asset.filename) !== "image") return null;
  const alt = asset.alt.trim();
  return alt ? imageView(asset, alt, untranslatedLanguage()) : imageView(asset, altFallback);
}

/**
 * An article story (the CDN `story` object) as the page's view model; never
 * throws. `reference` tells the texts' languages on a page in another than
 * the default language: the default-language story's view, or the view the
 * page loaded with, for a live edit (./text-language).
 */
export function parseArticleStory(value: unknown, language: Language = DEFAULT_LANGUAGE, reference?: Article): Article {
  const story = parseStory(value, article);
  const content = story.content;
  const name = story.name.trim();
  const title = name || content.Headline;
  const infoContent = infoBlok.parse(content.info?.[0]);
  const info: ArticleInfo = {
    client: infoContent.Client,
    services: infoContent.Services,
    headline: infoContent.Headline01,
    editable: editableAttributes(infoContent),
  };
  const headline = content.Headline || name;
  const languageOf = <T>(value: T, referenceValue: T | undefined, referenceLanguage: Language | null | undefined) =>
    fieldLanguage({
      value,
      page: language,
      reference: reference ? { value: referenceValue as T, language: referenceLanguage ?? null } : undefined,
    });
  const languages: Article["languages"] = {
    // the story's name stands in for an empty headline: nothing states its language. The headline is
    // hyphenated only with a language, so one that cannot be compared is left without.
    headline: content.Headline
      ? fieldLanguage({
          value: headline,
          page: language,
          marker: content.HeadlineLanguage,
          reference: reference ? { value: reference.headline, language: reference.languages.headline } : undefined,
          uncompared: "unknown",
        })
      : null,
    text: languageOf(content.Text, reference?.text, reference?.languages.text),
    infoHeadline: languageOf(info.headline, reference?.info.headline, reference?.languages.infoHeadline),
  };
  const link = content.Link;
  const linkLabel = link.title.trim() || link.href.replace(/^(mailto:|tel:|https?:\/\/)/i, "").replace(/\/$/, "");
  return {
    storyId: story.id,
    slug: lastSlugSegment(story.full_slug || story.slug),
    name,
    headline,
    header: imageOf(content.Header, title),
    info,
    text: content.Text,
    link: link.href ? { ...link, label: linkLabel } : null,
    icon: imageOf(content.Icon, ""),
    media: mediaItems(content.Wrapper, title, language),
    tags: story.tag_list,
    publishedAt: story.published_at,
    firstPublishedAt: story.first_published_at,
    metaTitle: title,
    description: info.headline || richTextPlainText(content.Text, 160) || content.Headline,
    editable: editableAttributes(content),
    languages,
  };
}

const articleHeader = /* @__PURE__ */ article.pick("Header");

/** One article of a listing, as an other-projects card; null for a story without a slug. */
export function parseOtherProject(value: unknown, language: Language = DEFAULT_LANGUAGE): OtherProject | null {
  const story = parseStoryFields(value);
  const slug = lastSlugSegment(story.full_slug || story.slug);
  if (!slug || story.is_startpage) return null;
  const title = story.name.trim() || slug;
  const header = articleHeader(story.content).Header;
  const image = mediaKind(header.filename) === "image" ? header.filename : "";
  return {
    storyId: story.id,
    slug,
    href: localizedPath(`/articles/${slug}`, language),
    title,
    image,
    alt: header.alt || title,
    ...(header.alt ? { altLanguage: untranslatedLanguage() } : {}),
    ...(image && header.focus ? { focus: header.focus } : {}),
    ...assetSize(image),
  };
}
