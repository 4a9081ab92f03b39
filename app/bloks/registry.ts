import { createElement, type ComponentType, type ReactElement } from "react";
import { AboutBlock } from "./about-block/about-block";
import { Footer } from "./footer/footer";
import { Header } from "./header/header";
import { Masonry } from "./masonry/masonry";
import { Overview } from "./overview/overview";
import { parseAboutBlock, parseMasonry, parseOverview } from "~/content/about";
import { parseFooterContent, parseHeaderContent } from "~/content/layout";

/**
 * Storyblok component name -> the React component that renders it. Components
 * never see raw Storyblok JSON: each entry pairs the blok's parser (raw blok ->
 * view model with safe defaults) with the component that renders the view.
 *
 * To add a blok: `about: defineBlok(parseAboutContent, AboutPage)`.
 */

export type RawBlok = Record<string, unknown> & { component: string };

export interface RegisteredBlok {
  render: (blok: RawBlok, key?: string) => ReactElement;
}

export function defineBlok<View>(
  parse: (blok: RawBlok) => View,
  Component: ComponentType<{ blok: View }>,
): RegisteredBlok {
  return { render: (blok, key) => createElement(Component, { key, blok: parse(blok) }) };
}

export const blokRegistry: Record<string, RegisteredBlok> = {
  header: defineBlok(parseHeaderContent, Header),
  footer: defineBlok(parseFooterContent, Footer),
  about_block: defineBlok(parseAboutBlock, AboutBlock),
  overview: defineBlok(parseOverview, Overview),
  masonry: defineBlok(parseMasonry, Masonry),
};

function isRawBlok(value: unknown): value is RawBlok {
  return (
    typeof value === "object" && value !== null && typeof (value as { component?: unknown }).component === "string"
  );
}

/**
 * Renders a blok through the registry. An unknown component name is logged
 * the way the Storyblok SDK logs it and renders nothing (SPEC section 8).
 */
export function renderBlok(blok: unknown, key?: string): ReactElement | null {
  if (!isRawBlok(blok)) return null;
  const entry = Object.hasOwn(blokRegistry, blok.component) ? blokRegistry[blok.component] : undefined;
  if (!entry) {
    console.error(`Component ${blok.component} doesn't exist.`);
    return null;
  }
  return entry.render(blok, key ?? (typeof blok._uid === "string" ? blok._uid : undefined));
}

/** A list of bloks (a `body` field), each keyed by its _uid. */
export function renderBloks(bloks: unknown): Array<ReactElement | null> {
  if (!Array.isArray(bloks)) return [];
  const seen = new Set<string>();
  return bloks.map((blok, index) => {
    let key = isRawBlok(blok) && typeof blok._uid === "string" && blok._uid ? blok._uid : String(index);
    // duplicated bloks share a _uid: React keys must not
    for (let n = 2; seen.has(key); n += 1) key = `${index}-${n}`;
    seen.add(key);
    return renderBlok(blok, key);
  });
}
