import { StoryblokRichText, type SbReactRichTextComponentMap, type SbReactRichTextProps } from "@storyblok/react";
import { Link } from "react-router";
import { IMAGE_SLOTS, ResponsiveImage } from "~/components/responsive-image/responsive-image";
import type { RichTextDocument } from "~/content/rich-text";
import { languageOfClasses, type SafeLinkAttrs } from "~/content/rich-text-marks";
import { withHeadingLevels } from "~/content/rich-text-outline";
import { useLanguage } from "~/hooks/use-language";
import { localizedHref } from "~/language";
import styles from "./rich-text.module.css";

/** How wide images inside rich text are drawn. */
const IMAGE_SIZES = "(max-width: 768px) 100vw, 720px";

/**
 * Links: the sanitised attributes only (see parseRichText); site paths go
 * through the router in the page's language, a new tab never gets access
 * to this window.
 */
/** The editor's rel and ours as one list, each token once (HTML forbids a repeated token). */
function relTokens(...rels: Array<string | undefined>): string | undefined {
  const tokens = rels.flatMap((rel) => rel?.toLowerCase().split(/[\t\n\f\r ]+/) ?? []).filter(Boolean);
  return tokens.length ? [...new Set(tokens)].join(" ") : undefined;
}

function RichTextLink({ attrs, children }: SbReactRichTextProps<"link">) {
  const language = useLanguage();
  const link = attrs as unknown as SafeLinkAttrs | undefined;
  if (!link?.href) return <span>{children}</span>;
  const newTab = link.target === "_blank";
  const rel = relTokens(link.custom.rel, newTab ? "noopener noreferrer" : undefined);
  const common = {
    title: link.custom.title,
    hrefLang: link.custom.hreflang,
    "aria-label": link.custom["aria-label"],
    target: newTab ? "_blank" : undefined,
    rel,
    className: styles.link,
  };
  if (link.internal) {
    return (
      <Link to={localizedHref(link.href, language)} {...common}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} {...common}>
      {children}
    </a>
  );
}

/** Images through the image service (webp renditions) when the asset can be transformed. */
function RichTextImage({ attrs }: SbReactRichTextProps<"image">) {
  const src = typeof attrs?.src === "string" ? attrs.src : "";
  if (!src) return null;
  const alt = typeof attrs?.alt === "string" ? attrs.alt : "";
  const title = typeof attrs?.title === "string" && attrs.title ? attrs.title : undefined;
  return (
    <ResponsiveImage
      className={styles.image}
      src={src}
      renditions={IMAGE_SLOTS.richText}
      sizes={IMAGE_SIZES}
      alt={alt}
      title={title}
    />
  );
}

function RichTextEmoji({ attrs }: SbReactRichTextProps<"emoji">) {
  const emoji = typeof attrs?.emoji === "string" ? attrs.emoji : "";
  if (!emoji) return null;
  const name = typeof attrs?.name === "string" && attrs.name ? attrs.name.replace(/_/g, " ") : undefined;
  return (
    <span role="img" aria-label={name}>
      {emoji}
    </span>
  );
}

/**
 * A style option of the editor: its class, and the language it names as
 * `lang` (content/rich-text-marks: a passage in another language).
 */
function RichTextStyled({ attrs, children }: SbReactRichTextProps<"styled">) {
  const classes = typeof attrs?.class === "string" ? attrs.class : "";
  const language = languageOfClasses(classes);
  const others = classes
    .split(" ")
    .filter((name) => name && languageOfClasses(name) === undefined)
    .join(" ");
  return (
    <span className={others || undefined} lang={language}>
      {children}
    </span>
  );
}

function RichTextAnchor({ attrs, children }: SbReactRichTextProps<"anchor">) {
  const id = typeof attrs?.id === "string" && attrs.id ? attrs.id : undefined;
  return <span id={id}>{children}</span>;
}

type TextAlign = "left" | "center" | "right" | "justify";

function alignment(attrs: { textAlign?: unknown } | undefined): { textAlign: TextAlign } | undefined {
  const value = attrs?.textAlign;
  return value === "left" || value === "center" || value === "right" || value === "justify"
    ? { textAlign: value }
    : undefined;
}

/*
 * Block nodes have components of their own although they match the SDK's
 * defaults: for a node without one, the SDK 7.2.3 renderer renders the
 * children twice (time doubles with each level of nesting), and these render
 * the parsed attributes only.
 */
function RichTextParagraph({ attrs, children }: SbReactRichTextProps<"paragraph">) {
  return <p style={alignment(attrs)}>{children}</p>;
}

function RichTextHeading({ attrs, children }: SbReactRichTextProps<"heading">) {
  const level = typeof attrs?.level === "number" ? Math.min(6, Math.max(1, attrs.level)) : 2;
  const Tag = `h${level}` as "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
  return <Tag style={alignment(attrs)}>{children}</Tag>;
}

function RichTextBlockquote({ children }: SbReactRichTextProps<"blockquote">) {
  return <blockquote>{children}</blockquote>;
}

function RichTextBulletList({ children }: SbReactRichTextProps<"bullet_list">) {
  return <ul>{children}</ul>;
}

function RichTextOrderedList({ attrs, children }: SbReactRichTextProps<"ordered_list">) {
  const order = (attrs as { order?: unknown } | undefined)?.order;
  return <ol start={typeof order === "number" && order > 1 ? order : undefined}>{children}</ol>;
}

function RichTextListItem({ children }: SbReactRichTextProps<"list_item">) {
  return <li>{children}</li>;
}

function RichTextCodeBlock({ children }: SbReactRichTextProps<"code_block">) {
  return (
    <pre>
      <code>{children}</code>
    </pre>
  );
}

const COMPONENTS: SbReactRichTextComponentMap = {
  paragraph: RichTextParagraph,
  heading: RichTextHeading,
  blockquote: RichTextBlockquote,
  bullet_list: RichTextBulletList,
  ordered_list: RichTextOrderedList,
  list_item: RichTextListItem,
  code_block: RichTextCodeBlock,
  link: RichTextLink,
  image: RichTextImage,
  emoji: RichTextEmoji,
  anchor: RichTextAnchor,
  styled: RichTextStyled,
};

export interface RichTextProps {
  document: RichTextDocument;
  className?: string;
  /**
   * The level the text's own headings start at (one below the heading the
   * text sits under); they keep their order without skipping a level.
   * Unset: the levels as the editor chose them.
   */
  headingLevel?: number;
  /** the visual editor's attributes of the blok the text is (an imprint text) */
  editable?: Record<string, string>;
  /** the text's language, where it is not the page's */
  lang?: string;
}

/**
 * A sanitised rich text document rendered by Storyblok's React renderer;
 * links, images, emoji, anchors and styles (a language as `lang`) by the
 * components above.
 */
export function RichText({ document, className, headingLevel, editable, lang }: RichTextProps) {
  if (document.content.length === 0) return null;
  const fitted = headingLevel === undefined ? document : withHeadingLevels(document, headingLevel);
  return (
    <div className={[styles.richText, className].filter(Boolean).join(" ")} lang={lang} {...editable}>
      <StoryblokRichText document={fitted} components={COMPONENTS} wrapper={false} />
    </div>
  );
}
