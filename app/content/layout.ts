import type { StoryblokClient } from "@storyblok/react";
import { describeContentError } from "./content-error";
import { editableAttributes } from "./editable";
import { parseAsset, parseBloks, parseLink, parseText } from "./fields";
import { assetDimensions } from "./image-service";

/**
 * The site header and footer: their queries and the view models the Header
 * and Footer bloks render. Any field may be missing or of the wrong type; the
 * parsers below always return a complete view model with safe defaults.
 */

/** The attributes the visual editor needs on a blok's element (storyblokEditable). */
export type EditableAttributes = Record<string, string>;

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
  logoLabel: "Startseite",
  indexLabel: "Index",
  indexPath: "/index",
  linkLabel: "About",
  linkPath: "/about",
} as const;

export const FOOTER_DEFAULTS = {
  imprintLabel: "Imprint",
  imprintPath: "/imprint",
  socialLabel: "Social Media",
} as const;

type Record_ = Record<string, unknown>;

function asRecord(value: unknown): Record_ {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record_) : {};
}

function storyIdOf(story: Record_): number | null {
  return typeof story.id === "number" && Number.isFinite(story.id) ? story.id : null;
}

/** The first body blok of a header/footer story's content; {} when there is none. */
function firstBodyBlok(content: unknown): Record_ {
  return parseBloks(asRecord(content).body)[0] ?? {};
}

export function parseImage(value: unknown): SiteImage | null {
  const asset = parseAsset(value);
  const src = asset.filename.trim();
  if (!src || !/^(https?:\/\/|\/)/i.test(src)) return null;
  const size = assetDimensions(src);
  return { src, alt: asset.alt, ...(size ?? {}) };
}

function parseSiteLink(value: unknown, label: string, fallbackPath: string | null): SiteLink | null {
  const link = parseLink(value);
  if (!link.href) {
    return fallbackPath ? { href: fallbackPath, label, internal: true, newTab: false } : null;
  }
  return { href: link.href, label, internal: link.internal, newTab: link.target === "_blank" };
}

function labelOr(value: unknown, fallback: string): string {
  const text = parseText(value).trim();
  return text || fallback;
}

/** header story content (component `header`, body[0] `header_content`) -> view model */
export function parseHeaderContent(content: unknown, storyId: number | null = null): HeaderView {
  const blok = firstBodyBlok(content);
  const logo = parseImage(blok.Logo);
  const indexLink = parseSiteLink(blok.Index, labelOr(blok.IndexLabel, HEADER_DEFAULTS.indexLabel), HEADER_DEFAULTS.indexPath);
  const secondLink = parseSiteLink(blok.Link, labelOr(blok.LinkLabel, HEADER_DEFAULTS.linkLabel), HEADER_DEFAULTS.linkPath);
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
  const record = asRecord(story);
  return parseHeaderContent(record.content, storyIdOf(record));
}

function emailLabel(href: string): string {
  return decodeURIComponent(href.replace(/^mailto:/i, "").split("?")[0] ?? "");
}

/** footer story content (component `footer`, body[0] `footer_content`) -> view model */
export function parseFooterContent(content: unknown, storyId: number | null = null): FooterView {
  const blok = firstBodyBlok(content);
  const imprint = parseSiteLink(blok.Imprint, labelOr(blok.ImprintLabel, FOOTER_DEFAULTS.imprintLabel), FOOTER_DEFAULTS.imprintPath)!;

  const emailLink = parseLink(blok.email);
  const email = emailLink.href.startsWith("mailto:")
    ? { href: emailLink.href, label: emailLabel(emailLink.href), internal: false, newTab: false }
    : null;

  const socialLink = parseLink(blok.SocialMedia);
  const icon = parseImage(blok.Icon);
  // The social link leaves the site: only absolute http(s) URLs qualify.
  const social = /^https?:\/\//i.test(socialLink.href)
    ? { href: socialLink.href, label: icon?.alt.trim() || FOOTER_DEFAULTS.socialLabel, internal: false, newTab: true, icon }
    : null;

  return {
    storyId,
    editable: editableAttributes(blok),
    text: parseText(blok.Text).trim(),
    imprint,
    email,
    social,
    copyright: parseText(blok.Copyright).trim(),
    logoBig: parseText(blok.LogoBig).trim(),
  };
}

export function parseFooterStory(story: unknown): FooterView {
  const record = asRecord(story);
  return parseFooterContent(record.content, storyIdOf(record));
}

/** SPEC section 7: the header and footer entries, two requests in parallel. */
export async function fetchLayout(client: StoryblokClient, version: "draft" | "published"): Promise<LayoutData> {
  try {
    const [header, footer] = await Promise.all([
      client.get("cdn/stories/header", { version }),
      client.get("cdn/stories/footer", { version }),
    ]);
    return {
      header: parseHeaderStory((header.data as { story?: unknown }).story),
      footer: parseFooterStory((footer.data as { story?: unknown }).story),
    };
  } catch (error) {
    throw new Error(`Header/footer: ${describeContentError(error)}`, { cause: error });
  }
}
