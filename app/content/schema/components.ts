import { about, aboutBlock, masonry, masonryTile, overview, overviewItem } from "./about";
import { article, imagesArticle, info, media } from "./article";
import type { ComponentDefinition } from "./component";
import { footer, footerContent } from "./footer";
import { header, headerContent } from "./header";
import { imprint, imprintText } from "./imprint";
import { articleList, index } from "./index-story";
import { gallery, galleryItem, hero, page, slide } from "./page";

/** Every Storyblok component of the site: the root ones (story content types), then the bloks inside them. */
export const COMPONENTS: readonly ComponentDefinition[] = [
  header,
  headerContent,
  footer,
  footerContent,
  page,
  hero,
  slide,
  gallery,
  galleryItem,
  index,
  articleList,
  imprint,
  imprintText,
  about,
  aboutBlock,
  overview,
  overviewItem,
  masonry,
  masonryTile,
  article,
  info,
  imagesArticle,
  media,
];
