/**
 * The site's fixed texts, by language: the messages of SPEC sections 2, 5
 * and 8 (as the spec words them, partly German and partly English), the
 * names of its controls for assistive technology, and the labels used when
 * the content leaves one empty. German is the site's language; another
 * language is a sibling of `de` with the same keys (`satisfies UiText`).
 */
const de = {
  /** SPEC 2, router error screen */
  errorHeading: "Da ist etwas schief gelaufen",
  errorText: "Leider konnten wir die Seite nicht finden",
  /** the page's code could not be loaded, and loading the page anew was already tried */
  codeMissing: "Der Code dieser Seite konnte nicht geladen werden. Bitte laden Sie die Seite neu.",
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
  notFoundHeading: "Diese Seite gibt es nicht",
  notFoundText: "Vielleicht hat sich die Adresse geändert, oder sie ist falsch geschrieben.",
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
  tagFilterLabel: "Projekte nach Kategorie filtern",

  /** the header's and footer's link texts, and page titles, when the content has none */
  homeLinkLabel: "Startseite",
  indexLinkLabel: "Index",
  aboutLinkLabel: "About",
  imprintLinkLabel: "Imprint",
  socialLinkLabel: "Social Media",
  aboutTitle: "About",
  imprintTitle: "Impressum",
  indexTitle: "Index",
} as const;

export type UiText = { readonly [Key in keyof typeof de]: (typeof de)[Key] extends string ? string : (typeof de)[Key] };

export const uiText: { readonly de: UiText } = { de };
