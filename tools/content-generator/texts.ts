// The invented studio and its projects. All names, clients and addresses are fictional.
import type { Project } from "./project";
import { PROJECTS_2023 } from "./projects-2023";
import { PROJECTS_2024 } from "./projects-2024";

export const STUDIO = {
  name: "Studio Halbton",
  legalName: "Studio Halbton GbR",
  logoText: "HALBTON",
  street: "Kiefholzhöfe 14, Aufgang C",
  postcode: "12435",
  city: "Berlin",
  phone: "+49 30 5557 1934",
  email: "hallo@studio-halbton.example",
  website: "https://studio-halbton.example",
  instagram: "https://www.instagram.com/studio.halbton",
  partners: ["Mira Okafor-Kessler", "Jonas Brandtner"],
  vatId: "DE 123 456 789",
} as const;

/** Every handcrafted project, in the order of their articles. */
export const PROJECTS: Project[] = [...PROJECTS_2023, ...PROJECTS_2024];

/** Articles with a special role in the demo (index into the article list). */
export const SPECIAL = {
  /** Draft differs from the published version (`published` key). */
  draftChanged: 2,
  /** No Wrapper list: the site shows 'no Image'. */
  noWrapper: 5,
  /** Never published (`published: null`). */
  neverPublished: 7,
} as const;

export const MIN_ARTICLES = 10;

// Word lists for the procedurally generated articles of a benchmark run.
export const GENERATED_FIRST = [
  "Neue",
  "Stille",
  "Offene",
  "Helle",
  "Late",
  "Quiet",
  "Open",
  "Soft",
  "Bold",
  "Graue",
  "Rote",
  "Blaue",
  "Kleine",
  "Große",
  "Night",
  "Paper",
  "Field",
  "North",
  "Lose",
  "Warme",
] as const;
export const GENERATED_SECOND = [
  "Werkstatt",
  "Archive",
  "Signale",
  "Kanten",
  "Fields",
  "Hefte",
  "Routen",
  "Lettern",
  "Frequenzen",
  "Formen",
  "Systems",
  "Notes",
  "Plakate",
  "Räume",
  "Stimmen",
  "Schichten",
  "Muster",
  "Editions",
  "Zeichen",
  "Wellen",
] as const;
export const GENERATED_CLIENT_PREFIX = [
  "Atelier",
  "Verlag",
  "Kollektiv",
  "Galerie",
  "Büro",
  "Haus",
  "Edition",
  "Werkraum",
] as const;
export const GENERATED_CLIENT_NAME = [
  "Lindqvist",
  "Brenner",
  "am Ufer",
  "Morgenland",
  "Kranich",
  "Sieben",
  "Oberbaum",
  "Feldmann",
  "Nordlicht",
  "Weidenau",
] as const;
export const GENERATED_SERVICES = [
  "Identity, Website",
  "Posters, Motion",
  "Type Design",
  "Editorial Design",
  "Research, Exhibition",
  "Web App, UI",
  "Packaging, Identity",
  "Animation, Social",
] as const;

/** Generic paragraphs about process, in the studio's German/English mix. */
export const PROCESS_PARAGRAPHS = [
  "We started with a week of research: walks, photos, interviews and far too much coffee. Erst danach wurde gezeichnet.",
  "Am Anfang stand ein Workshop mit dem ganzen Team des Auftraggebers. Was muss die Gestaltung können, was darf sie weglassen?",
  "The system is deliberately small: two colours, one typeface, a grid of dots. Everything else is left to the people who use it.",
  "Gedruckt haben wir bei einer Druckerei in Brandenburg, die seit drei Generationen Plakate macht und jeden Fehler sofort sieht.",
  "Online the same ideas move: the halftone becomes a loop, the grid becomes the layout, the colours become states.",
  "Wir haben jede Anwendung zuerst in Schwarzweiß gebaut. Farbe kam erst, als das Raster ohne sie funktioniert hat.",
  "The result launched quietly and grew through word of mouth. Ein Jahr später ist es aus dem Kiez nicht mehr wegzudenken.",
  "Zum Projekt gehört eine Dokumentation, die erklärt, wie man das System weiterbaut, ohne uns anzurufen.",
] as const;

/**
 * Captions (Image.name) for the shared detail images, each with the language
 * an editor marks beside it: "en" for English, "" for German (a mixed one by
 * its first words). Their alt texts are "Project: caption", of the same words.
 */
const DETAIL_CAPTION_ENTRIES: ReadonlyArray<readonly [caption: string, language: "en" | ""]> = [
  ["Plakat im Siebdruck, 3-farbig", ""],
  ["Specimen spread, Seite 12", "en"],
  ["Detail: Rasterweite 20 L/cm", ""],
  ["Screen design, desktop", "en"],
  ["Probedruck auf Munken Pure", ""],
  ["Motion still, frame 240", "en"],
  ["Signage mock-up", "en"],
  ["Risograph test print, pink over blue", "en"],
  ["Packaging, front and back", "en"],
  ["Grid study, 12 columns", "en"],
  ["Exhibition wall, 1:20", "en"],
  ["Colour study, Sonderfarben", "en"],
  ["Poster series, installation view", "en"],
  ["Website, mobile view", "en"],
  ["Sketchbook page", "en"],
  ["Letterhead and cards", "en"],
  ["Foldout map, closed", "en"],
  ["Schablone für die Beschilderung", ""],
  ["Cover, final version", "en"],
  ["Typeface proof, 6 to 72 pt", "en"],
  ["Halftone detail, 400 %", "en"],
  ["Flyer stack", "en"],
  ["Stempelsatz", ""],
  ["UI states, dark mode", "en"],
];

export const DETAIL_CAPTIONS = DETAIL_CAPTION_ENTRIES.map(([caption]) => caption);

const CAPTION_LANGUAGES = new Map(DETAIL_CAPTION_ENTRIES);

/**
 * The language of a detail image's caption or alt text ("Project: caption"), as the editor marks it; "" for
 * German or any other text.
 */
export function captionLanguage(text: string): "en" | "" {
  const caption = /^[^:]+: (.+)$/.exec(text)?.[1];
  return CAPTION_LANGUAGES.get(text) ?? (caption === undefined ? undefined : CAPTION_LANGUAGES.get(caption)) ?? "";
}
