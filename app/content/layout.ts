import type { StoryblokClient } from "@storyblok/react";
import { describeContentError } from "./content-error";
import { editableAttributes, type EditableAttributes } from "./editable";
import { assetDimensions } from "./image-service";
import { parseAsset, parseBloks, type Link } from "./schema/values";
import { footer, footerContent } from "./schema/footer";
import { header, headerContent } from "./schema/header";
import { parseStoryFields } from "./schema/story";
import { fetchStory } from "./story-api";
import { DEFAULT_LANGUAGE, localizedHref, type Language } from "../language";
import { uiText } from "../ui-text";

/**
 * The site header and footer: their queries and the view models the Header
 * and Footer bloks render, from the `header` and `footer` stories.
 */

export interface SiteImage {
  /** the asset's URL (also what structured data names) */
  src: string;
  /** the file itself, written into the page (small SVG icons of the header: app/content/inline-icons.ts) */
  dataUri?: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface SiteLink {
  href: string;
  label: string;
  /** inside the site: rendered with the router's Link */
  internal: boolean;
  newTab: boolean;
}

export interface HeaderView {
  storyId: number | null;
  editable: EditableAttributes;
  logo: SiteImage | null;
  /** the accessible name of the logo link */
  logoLabel: string;
  /** the Index link, then the second page's link */
  links: SiteLink[];
  burgerIcon: SiteImage | null;
  closeIcon: SiteImage | null;
  /** the text of the link to the page in the other language */
  languageLabel: string;
}

export interface FooterView {
  storyId: number | null;
  editable: EditableAttributes;
  text: string;
  imprint: SiteLink;
  email: SiteLink | null;
  social: (SiteLink & { icon: SiteImage | null }) | null;
  copyright: string;
  logoBig: string;
}

export interface LayoutData {
  header: HeaderView;
  footer: FooterView;
}

export function parseImage(value: unknown): SiteImage | null {
  const asset = parseAsset(value);
  const src = asset.filename.trim();
  if (!src || !/^(https?:\/\/|\/)/i.test(src)) return null;
  const size = assetDimensions(src);
  return { src, alt: asset.alt, ...(size ?? {}) };
}

/** A link of the header or footer, else the site's page at `fallbackPath`; a page of the site in the page's language. */
function siteLink(link: Link, label: string, fallbackPath: string, language: Language): SiteLink {
  if (!link.href) return { href: localizedHref(fallbackPath, language), label, internal: true, newTab: false };
  const href = link.internal ? localizedHref(link.href, language) : link.href;
  return { href, label, internal: link.internal, newTab: link.target === "_blank" };
}

/** header story content (component `header`, body[0] `header_content`) -> view model */
export function parseHeaderContent(
  content: unknown,
  storyId: number | null = null,
  language: Language = DEFAULT_LANGUAGE,
): HeaderView {
  // the texts and paths where the content has none
  const text = uiText[language];
  const blok = headerContent.parse(parseBloks(header.parse(content).body)[0]);
  const logo = parseImage(blok.Logo);
  const indexLink = siteLink(blok.Index, blok.IndexLabel || text.indexLinkLabel, "/index", language);
  const secondLink = siteLink(blok.Link, blok.LinkLabel || text.aboutLinkLabel, "/about", language);
  return {
    storyId,
    editable: editableAttributes(blok),
    logo,
    logoLabel: logo?.alt.trim() || text.homeLinkLabel,
    links: [indexLink, secondLink],
    burgerIcon: parseImage(blok.Burger),
    closeIcon: parseImage(blok.Close),
    languageLabel: blok.LanguageLabel || text.languageSwitch,
  };
}

export function parseHeaderStory(story: unknown, language: Language = DEFAULT_LANGUAGE): HeaderView {
  const { id, content } = parseStoryFields(story);
  return parseHeaderContent(content, id, language);
}

function emailLabel(href: string): string {
  return decodeURIComponent(href.replace(/^mailto:/i, "").split("?")[0] ?? "");
}

/** footer story content (component `footer`, body[0] `footer_content`) -> view model */
export function parseFooterContent(
  content: unknown,
  storyId: number | null = null,
  language: Language = DEFAULT_LANGUAGE,
): FooterView {
  // the texts and paths where the content has none
  const text = uiText[language];
  const blok = footerContent.parse(parseBloks(footer.parse(content).body)[0]);
  const imprint = siteLink(blok.Imprint, blok.ImprintLabel || text.imprintLinkLabel, "/imprint", language);
  const email = blok.email.href.startsWith("mailto:")
    ? { href: blok.email.href, label: emailLabel(blok.email.href), internal: false, newTab: false }
    : null;
  const icon = parseImage(blok.Icon);
  // The social link leaves the site: only absolute http(s) URLs qualify.
  const social = /^https?:\/\//i.test(blok.SocialMedia.href)
    ? {
        href: blok.SocialMedia.href,
        label: icon?.alt.trim() || text.socialLinkLabel,
        internal: false,
        newTab: true,
        icon,
      }
    : null;
  return {
    storyId,
    editable: editableAttributes(blok),
    text: blok.Text,
    imprint,
    email,
    social,
    copyright: blok.Copyright,
    logoBig: blok.LogoBig,
  };
}

export function parseFooterStory(story: unknown, language: Language = DEFAULT_LANGUAGE): FooterView {
  const { id, content } = parseStoryFields(story);
  return parseFooterContent(content, id, language);
}

/** SPEC section 7: the header and footer entries in a language, two requests in parallel. */
export async function fetchLayout(
  client: StoryblokClient,
  version: "draft" | "published",
  language: Language = DEFAULT_LANGUAGE,
): Promise<LayoutData> {
  try {
    const [headerStory, footerStory] = await Promise.all([
      fetchStory(client, "header", version, language),
      fetchStory(client, "footer", version, language),
    ]);
    return { header: parseHeaderStory(headerStory, language), footer: parseFooterStory(footerStory, language) };
  } catch (error) {
    throw new Error(`Header/footer: ${describeContentError(error)}`, { cause: error });
  }
}
