import { DEFAULT_LANGUAGE, type Language } from "../language";
import { uiText } from "../ui-text";
import { editableAttributes, type EditableAttributes } from "./editable";
import { assetSize } from "./image-service";
import { imageView, type ImageView } from "./image-view";
import { mediaKind } from "./media-type";
import { article, imagesArticle, media as mediaEntry } from "./schema/article";
import { uniqueKeys } from "./schema/component";
import { parseBloks, type Asset } from "./schema/values";
import { untranslatedLanguage } from "./text-language";

/** An article's media grid (SPEC 2, 3, 5, 8): the `media` entries of its Wrapper's ImagesArticle bloks. */

export type MediaLayout = "fullsize" | "right" | "vertical" | "default";

export type ArticleMediaItem = (
  | ({
      kind: "image";
      key: string;
      layout: MediaLayout;
      /** Image.name */
      caption: string;
      /** the language the caption is written in (./text-language) */
      captionLanguage: Language;
    } & ImageView)
  | {
      kind: "video";
      key: string;
      layout: MediaLayout;
      src: string;
      caption: string;
      /** the language the caption is written in (./text-language) */
      captionLanguage: Language;
      width: number | null;
      height: number | null;
    }
  /** one of the spec's texts in place of a medium ('no Image', 'Kein Bild', 'unbekanntes Format', 'Keine Bilddaten vorhanden.') */
  | { kind: "message"; key: string; layout: MediaLayout; text: string }
) & {
  /** the visual editor's attributes of the media entry (of its ImagesArticle for 'Keine Bilddaten vorhanden.') */
  editable: EditableAttributes;
};

function layoutOf(entry: { Fullsize: boolean; right: boolean; vertical: boolean }): MediaLayout {
  // one variant per entry; when editors tick several, the widest wins
  if (entry.Fullsize) return "fullsize";
  if (entry.right) return "right";
  if (entry.vertical) return "vertical";
  return "default";
}

/**
 * The media helper (SPEC 3, 5, 8): the `media` entries of the Wrapper's
 * ImagesArticle bloks. No Wrapper list: one 'no Image' entry. A media field
 * that is not a list: 'Keine Bilddaten vorhanden.'. An entry without a file:
 * 'Kein Bild'; a file of an unknown type: 'unbekanntes Format'.
 */
export function articleMedia(
  content: unknown,
  altFallback = "",
  language: Language = DEFAULT_LANGUAGE,
): ArticleMediaItem[] {
  return mediaItems(article.pick("Wrapper")(content).Wrapper, altFallback, language);
}

export function mediaItems(
  wrapper: unknown[] | null,
  altFallback: string,
  language: Language = DEFAULT_LANGUAGE,
): ArticleMediaItem[] {
  const text = uiText[language];
  if (wrapper === null) {
    return [{ kind: "message", key: "no-image", layout: "fullsize", text: text.noArticleMedia, editable: {} }];
  }
  const keyFor = uniqueKeys();
  return parseBloks(wrapper).flatMap((raw, blokIndex): ArticleMediaItem[] => {
    if (raw.component !== imagesArticle.name) return [];
    const blok = imagesArticle.parse(raw);
    if (blok.media === null) {
      const key = keyFor(blok._uid, `blok-${blokIndex}`);
      return [{ kind: "message", key, layout: "fullsize", text: text.notAList, editable: editableAttributes(blok) }];
    }
    return blok.media.map((value, index) => {
      // every entry of the list has its place: one that is no blok shows 'Kein Bild'
      const entry = mediaEntry.parse(value);
      const key = keyFor(entry._uid, `media-${blokIndex}-${index}`);
      return { ...mediaItem(entry, key, altFallback, language), editable: editableAttributes(entry) };
    });
  });
}

type MediaItemContent = ArticleMediaItem extends infer Item
  ? Item extends unknown
    ? Omit<Item, "editable">
    : never
  : never;

function mediaItem(
  entry: { Image: Asset; CaptionLanguage: Language | ""; AltLanguage: Language | "" } & Parameters<typeof layoutOf>[0],
  key: string,
  altFallback: string,
  language: Language,
): MediaItemContent {
  const image = entry.Image;
  const layout = layoutOf(entry);
  const caption = image.name.trim();
  // the asset's name and alt text are not translated: on every page they are in the editor's marked language
  const captionLanguage = untranslatedLanguage(entry.CaptionLanguage);
  const { width, height } = assetSize(image.filename);
  switch (mediaKind(image.filename)) {
    case "none":
      return { kind: "message", key, layout, text: uiText[language].noImage };
    case "unknown":
      return { kind: "message", key, layout, text: uiText[language].unknownFormat };
    case "video":
      return { kind: "video", key, layout, src: image.filename, caption, captionLanguage, width, height };
    case "image": {
      // an empty alt text takes the caption's words, then the article's title (whose language is not stated here)
      const [alt, altLanguage] = image.alt
        ? [image.alt, untranslatedLanguage(entry.AltLanguage)]
        : caption
          ? [caption, captionLanguage]
          : [altFallback, undefined];
      return { kind: "image", key, layout, caption, captionLanguage, ...imageView(image, alt, altLanguage) };
    }
  }
}
