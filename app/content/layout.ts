import type { StoryblokClient } from "@storyblok/react";
import { describeContentError } from "./content-error";
import { editableAttributes, type EditableAttributes } from "./editable";
import { assetDimensions } from "./image-service";
import { parseAsset, parseBloks, type Link } from "./schema/values";
import { footer, footerContent } from "./schema/footer";
import { header, headerContent } from "./schema/header";
import { parseStoryFields } from "./schema/story";
import { fetchStory } from "./story-api";
import { uiText } from "../ui-text";

/**
 * The site header and footer: their queries and the view models the Header
 * and Footer bloks render, from the `header` and `footer` stories.
 */

export type { EditableAttributes } from "./editable";

export interface SiteImage {
  src: string;
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
}

export interface SocialLink extends SiteLink {
  icon: SiteImage | null;
}

export interface FooterView {
  storyId: number | null;
  editable: EditableAttributes;
  text: string;
  imprint: SiteLink;
  email: SiteLink | null;
  social: SocialLink | null;
  copyright: string;
  logoBig: string;
}

export interface LayoutData {
  header: HeaderView;
  footer: FooterView;
}

export const HEADER_DEFAULTS = {
  logoLabel: uiText.de.homeLinkLabel,
  indexLabel: uiText.de.indexLinkLabel,
  indexPath: "/index",
  linkLabel: uiText.de.aboutLinkLabel,
  linkPath: "/about",
} as const;

export const FOOTER_DEFAULTS = {
  imprintLabel: uiText.de.imprintLinkLabel,
  imprintPath: "/imprint",
  socialLabel: uiText.de.socialLinkLabel,
} as const;

/** The first blok of a header or footer body: the one that carries a component name. */
function firstBlok(body: unknown): unknown {
  return parseBloks(body)[0];
}

export function parseImage(value: unknown): SiteImage | null {
  const asset = parseAsset(value);
  const src = asset.filename.trim();
  if (!src || !/^(https?:\/\/|\/)/i.test(src)) return null;
  const size = assetDimensions(src);
  return { src, alt: asset.alt, ...(size ?? {}) };
}

function siteLink(link: Link, label: string, fallbackPath: string | null): SiteLink | null {
  if (!link.href) return fallbackPath ? { href: fallbackPath, label, internal: true, newTab: false } : null;
  return { href: link.href, label, internal: link.internal, newTab: link.target === "_blank" };
}

/** header story content (component `header`, body[0] `header_content`) -> view model */
export function parseHeaderContent(content: unknown, storyId: number | null = null): HeaderView {
  const blok = headerContent.parse(firstBlok(header.parse(content).body));
  const logo = parseImage(blok.Logo);
  const indexLink = siteLink(blok.Index, blok.IndexLabel || HEADER_DEFAULTS.indexLabel, HEADER_DEFAULTS.indexPath);
  const secondLink = siteLink(blok.Link, blok.LinkLabel || HEADER_DEFAULTS.linkLabel, HEADER_DEFAULTS.linkPath);
  return {
    storyId,
    editable: editableAttributes(blok),
    logo,
    logoLabel: logo?.alt.trim() || HEADER_DEFAULTS.logoLabel,
    links: [indexLink, secondLink].filter((link): link is SiteLink => link !== null),
    burgerIcon: parseImage(blok.Burger),
    closeIcon: parseImage(blok.Close),
  };
}

export function parseHeaderStory(story: unknown): HeaderView {
  const { id, content } = parseStoryFields(story);
  return parseHeaderContent(content, id);
}

function emailLabel(href: string): string {
  return decodeURIComponent(href.replace(/^mailto:/i, "").split("?")[0] ?? "");
}

/** footer story content (component `footer`, body[0] `footer_content`) -> view model */
export function parseFooterContent(content: unknown, storyId: number | null = null): FooterView {
  const blok = footerContent.parse(firstBlok(footer.parse(content).body));
  const imprint = siteLink(
    blok.Imprint,
    blok.ImprintLabel || FOOTER_DEFAULTS.imprintLabel,
    FOOTER_DEFAULTS.imprintPath,
  )!;
  const email = blok.email.href.startsWith("mailto:")
    ? { href: blok.email.href, label: emailLabel(blok.email.href), internal: false, newTab: false }
    : null;
  const icon = parseImage(blok.Icon);
  // The social link leaves the site: only absolute http(s) URLs qualify.
  const social = /^https?:\/\//i.test(blok.SocialMedia.href)
    ? {
        href: blok.SocialMedia.href,
        label: icon?.alt.trim() || FOOTER_DEFAULTS.socialLabel,
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

export function parseFooterStory(story: unknown): FooterView {
  const { id, content } = parseStoryFields(story);
  return parseFooterContent(content, id);
}

/** SPEC section 7: the header and footer entries, two requests in parallel. */
export async function fetchLayout(client: StoryblokClient, version: "draft" | "published"): Promise<LayoutData> {
  try {
    const [headerStory, footerStory] = await Promise.all([
      fetchStory("header", version, client),
      fetchStory("footer", version, client),
    ]);
    return { header: parseHeaderStory(headerStory), footer: parseFooterStory(footerStory) };
  } catch (error) {
    throw new Error(`Header/footer: ${describeContentError(error)}`, { cause: error });
  }
}
