import type { Language } from "../language";
import { assetSize } from "./image-service";
import type { Asset } from "./schema/values";

/**
 * An image as the pages show it, wherever it comes from (an article's header
 * and link icon, its media grid, the about page's overview and masonry):
 * its file, its alt text and the language that is written in, its focal
 * point and credit, and its size from the asset URL.
 */
export interface ImageView {
  src: string;
  alt: string;
  /** the language the alt text is written in, where the content states it (./text-language) */
  altLanguage?: Language;
  /** the asset's focal point ("" none) */
  focus?: string;
  /** the asset's copyright ("" none), shown as its credit */
  copyright?: string;
  width: number | null;
  height: number | null;
}

/** An image asset as an ImageView with the alt text the page gives it (the asset's own, or a fallback). */
export function imageView(asset: Asset, alt: string, altLanguage?: Language): ImageView {
  return {
    src: asset.filename,
    alt,
    ...(altLanguage ? { altLanguage } : {}),
    ...(asset.focus ? { focus: asset.focus } : {}),
    ...(asset.copyright ? { copyright: asset.copyright } : {}),
    ...assetSize(asset.filename),
  };
}
