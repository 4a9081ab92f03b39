import { createElement, type ComponentType, type ReactElement } from "react";
import type { AboutBlockView, MasonryView, OverviewView } from "~/content/about";
import type { FooterView, HeaderView } from "~/content/layout";
import { AboutBlock } from "./about-block/about-block";
import { Footer } from "./footer/footer";
import { Header } from "./header/header";
import { Masonry } from "./masonry/masonry";
import { Overview } from "./overview/overview";

/**
 * Storyblok component name -> the React component that renders it. Content
 * (app/content) parses each blok into its view model; the registry only
 * picks the component, so no component ever sees raw Storyblok JSON.
 */

/** The view model each registered component renders, by Storyblok component name. */
export interface BlokViews {
  header: HeaderView;
  footer: FooterView;
  about_block: AboutBlockView;
  overview: OverviewView;
  masonry: MasonryView;
}

export const blokRegistry: { readonly [Name in keyof BlokViews]: ComponentType<{ blok: BlokViews[Name] }> } = {
  header: Header,
  footer: Footer,
  about_block: AboutBlock,
  overview: Overview,
  masonry: Masonry,
};

/** A parsed blok: its component name, its React key, and its view (null when content knows no such component). */
export interface ParsedBlok {
  component: string;
  key: string;
  view: unknown;
}

/**
 * Renders a parsed blok with its component. A component name the site does
 * not know is logged the way the Storyblok SDK logs it and renders nothing
 * (SPEC section 8).
 */
export function renderBlok(blok: ParsedBlok): ReactElement | null {
  const Component = Object.hasOwn(blokRegistry, blok.component)
    ? (blokRegistry[blok.component as keyof BlokViews] as ComponentType<{ blok: unknown }>)
    : undefined;
  if (!Component || blok.view === null) {
    console.error(`Component ${blok.component} doesn't exist.`);
    return null;
  }
  return createElement(Component, { key: blok.key, blok: blok.view });
}
