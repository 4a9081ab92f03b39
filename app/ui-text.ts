import type { Language } from "./language";

/**
 * The site's fixed texts, by language: the messages of SPEC sections 2, 5
 * and 8 (as the spec words them, partly German and partly English), the
 * names of its controls for assistive technology, and the labels used when
 * the content leaves one empty. German is the site's default language and
 * keeps the spec's mixed wording; English (/en/) has the same keys, taking
 * German's texts where they are the same words. Components take theirs with `useUiText()` (hooks/use-language.ts).
 */
const de = {
  /** SPEC 2, router error screen */
  errorHeading: "Da ist etwas schief gelaufen",
  errorText: "Leider konnten wir die Seite nicht finden",
  /** the page's code could not be loaded, and loading the page anew was already tried */
  codeMissing: "Der Code dieser Seite konnte nicht geladen werden. Bitte laden Sie die Seite neu.",
  /** a page the build does not know (the SPA fallback), opened without JavaScript */
  scriptsNeeded: "Diese Seite lässt sich ohne JavaScript nicht laden.",
  /** SPEC 2: the header, the hero, the about page and the imprint while their content loads */
  loading: "Laden...",
  loadingFooter: "Loading content ...",
  /** SPEC 2: the home page until its categories have loaded */
  loadingCategories: "Loading...",
  loadingIndex: "Content is loading...",
  loadingArticle: "Loading article...",
  articleNotFound: "Article not found",
  otherProjects: "Other Projects",
  /** a gallery tile's caption when it has no name */
  tileCaptionFallback: "More",
  /** the alt text of an image whose asset has none */
  altFallback: "no information",
  /** SPEC 5: an entry without an image */
  noImage: "Kein Bild",
  /** SPEC 5: a file of an unknown type */
  unknownFormat: "unbekanntes Format",
  /** SPEC 5: image data that is not a list */
  notAList: "Keine Bilddaten vorhanden.",
  /** SPEC 8: an article without a Wrapper list */
  noArticleMedia: "no Image",

  notFoundTitle: "Seite nicht gefunden",
  notFoundHome: "Zur Startseite",

  skipLink: "Zum Inhalt springen",
  navigationProgress: "Seite wird geladen",
  mainNavigation: "Hauptnavigation",
  menu: "Menü",
  openMenu: "Menü öffnen",
  closeMenu: "Menü schließen",
  opensInNewTab: "öffnet in neuem Tab",
  heroLabel: "Titelbild",
  carouselLabel: "Ausgewählte Projekte",
  carouselTrackLabel: "Slides, mit Pfeiltasten wechseln",
  carouselDotsLabel: "Slides",
  carouselDotLabel: (position: number, count: number) => `Slide ${position} von ${count}`,
  carouselSlideLabel: (position: number, count: number) => `${position} von ${count}`,
  galleryLabel: "Projekte",
  /** the gallery's link to all its projects, on a page without scripts */
  galleryShowAll: "Alle Projekte zeigen",
  tagFilterLabel: "Projekte nach Kategorie filtern",
  /** the full-screen view of an article's media and the about page's masonry */
  lightboxLabel: "Großansicht",
  /** an image's credit under it: the asset's copyright */
  imageCredit: (copyright: string) => `Bild: ${copyright}`,
  lightboxClose: "Schließen",
  lightboxPrevious: "Vorheriges Bild",
  lightboxNext: "Nächstes Bild",

  /** the header's and footer's link texts, and page titles, when the content has none */
  homeLinkLabel: "Startseite",
  indexLinkLabel: "Index",
  aboutLinkLabel: "About",
  imprintLinkLabel: "Imprint",
  socialLinkLabel: "Social Media",
  aboutTitle: "About",
  imprintTitle: "Impressum",
  indexTitle: "Index",
  /** the header's link to the English page, when the header story names it not */
  languageSwitch: "English",
} as const;

export type UiText = { readonly [Key in keyof typeof de]: (typeof de)[Key] extends string ? string : (typeof de)[Key] };

const en = {
  // the spec's texts in English (SPEC 2, 8), and the labels that are the same words in both languages
  ...de,
  errorHeading: "Something went wrong",
  errorText: "Sorry, we could not find this page",
  codeMissing: "The code of this page could not be loaded. Please reload the page.",
  scriptsNeeded: "This page cannot be loaded without JavaScript.",
  loading: "Loading...",
  noImage: "No image",
  unknownFormat: "Unknown format",
  notAList: "No image data available.",

  notFoundTitle: "Page not found",
  notFoundHome: "To the home page",

  skipLink: "Skip to content",
  navigationProgress: "Loading page",
  mainNavigation: "Main navigation",
  menu: "Menu",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  opensInNewTab: "opens in a new tab",
  heroLabel: "Cover image",
  carouselLabel: "Selected projects",
  carouselTrackLabel: "Slides, change them with the arrow keys",
  carouselDotLabel: (position: number, count: number) => `Slide ${position} of ${count}`,
  carouselSlideLabel: (position: number, count: number) => `${position} of ${count}`,
  galleryLabel: "Projects",
  galleryShowAll: "Show all projects",
  tagFilterLabel: "Filter projects by category",
  lightboxLabel: "Full-screen view",
  imageCredit: (copyright: string) => `Image: ${copyright}`,
  lightboxClose: "Close",
  lightboxPrevious: "Previous image",
  lightboxNext: "Next image",

  homeLinkLabel: "Home",
  socialLinkLabel: "Social media",
  imprintTitle: "Imprint",
  languageSwitch: "Deutsch",
} as const satisfies UiText;

export const uiText: { readonly [Lang in Language]: UiText } = { de, en };
