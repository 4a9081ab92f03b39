import { DETAIL_LANDSCAPE, DETAIL_PORTRAIT, FILES, TILE_VARIANTS } from "./media";
import { createRng, type Rng } from "./prng";
import { TAGS, UNKNOWN_TAG, type Tag } from "./project";
import {
  assetLink,
  bold,
  bulletList,
  doc,
  emailLink,
  italic,
  listItem,
  paragraph,
  text,
  type Inline,
  type RichTextDoc,
} from "./richtext";
import type { Builder } from "./story-builder";
import type { Blok } from "./story-shape";
import { captionLanguage, STUDIO } from "./texts";

/** The about page's content; its draft says more than its published version. */

/** The masonry tiles' Info texts, each with the language the editor marks beside it ("en", or "" for German). */
const MASONRY_INFO: ReadonlyArray<readonly [info: string, language: "en" | ""]> = [
  ["Plakatwand im Treppenhaus, Frühjahr 2024", ""],
  ["Rasterstudie für Körnung", ""],
  ["Specimen proof, Grotesk Nr. 7", "en"],
  ["Siebdruck, zweiter Durchgang", ""],
  ["Screens for Loop Lab", "en"],
  ["Testdruck auf Recyclingpapier", ""],
  ["Studio wall, Friday afternoon", "en"],
  ["Farbmuster für Farbraum Archiv", ""],
  ["Nachtbus, Linie N9", ""],
  ["Schilderprototyp im Maßstab 1:1", ""],
  ["Risograph, pink over blue", "en"],
  ["Loop, 3 seconds, forever", "en"],
  ["Sketchbook, week 12", "en"],
  ["Packaging for Café Kontor", "en"],
];

/** The first block's text; the draft says one thing more. */
function aboutIntro(draft: boolean): RichTextDoc {
  return doc(
    paragraph(
      `${STUDIO.name} ist ein Designstudio in Berlin-Treptow für Schrift, Plakat, Erscheinungsbild, Motion und Web. `,
      "We are six people, two risograph machines and one very old platen press.",
    ),
    paragraph(
      "Wir arbeiten für Kulturorte, Verlage, kleine Unternehmen und Initiativen – am liebsten für Menschen, die etwas zu sagen haben und dafür eine ",
      text("eigene Stimme", bold),
      " suchen.",
    ),
    ...(draft ? [paragraph(text("Neu:", bold), " Ab Herbst 2025 bieten wir Risograph-Workshops für Schulen an.")] : []),
  );
}

/** "Was wir machen": five items, of every kind of asset. */
function overviewBlok(b: Builder, r: Rng): Blok {
  const item = (headline: string, file: string, ...body: Inline[]): Blok => ({
    _uid: r.uuid(),
    Headline: headline,
    Asset: b.asset(file),
    Text: doc(paragraph(...body)),
    component: "overview_item",
  });
  return {
    _uid: r.uuid(),
    Headline: "Was wir machen",
    Text: doc(paragraph("Five things we do every week — ", text("fünf Dinge, die wir jede Woche tun", italic), ".")),
    Items: [
      item(
        "Werkstatt",
        FILES.workshop,
        "Siebdruck, Risograph und ein alter Tiegel: vieles drucken wir selbst, im Hinterhof in Treptow.",
      ),
      item("Motion", FILES.letterLoopMp4, "Loops, title sequences and stage visuals. Everything moves, even the dots."),
      item("Screens", FILES.letterLoopWebm, "Dieselben Loops als WebM für Ausstellungsscreens und Websites."),
      // SPEC 2 renders no asset of another type: the text links the PDF
      item(
        "Mappe 2025",
        FILES.portfolioPdf,
        text("Unsere Mappe als PDF", assetLink(b.file(FILES.portfolioPdf).url)),
        " — auf Anfrage schicken wir sie auch gedruckt.",
      ),
      item(
        "Zeichen & Systeme",
        TILE_VARIANTS["neue-mitte-wayfinding"]?.file ?? FILES.logo,
        "Piktogramme und Leitsysteme, gezeichnet als Vektor und gebaut für Jahrzehnte.",
      ),
    ],
    component: "overview",
  };
}

/** "Team & Haltung": a list and a paragraph with an email link. */
function teamBlok(r: Rng): Blok {
  return {
    _uid: r.uuid(),
    Headline: "Team & Haltung",
    Text: doc(
      bulletList(
        listItem(text(STUDIO.partners[0], bold), " — Partnerin, Type & Art Direction"),
        listItem(text(STUDIO.partners[1], bold), " — Partner, Motion & Code"),
        listItem(text("Lea Vossberg", bold), " — Design & Fotografie"),
        listItem(text("Tomasz Wierzbicki", bold), " — Web Development"),
      ),
      paragraph(
        "We say no to projects we don't believe in, and yes to almost every poster. Neue Projekte, Praktika, Fragen: ",
        text(STUDIO.email, emailLink(STUDIO.email)),
        ".",
      ),
    ),
    component: "about_block",
  };
}

/** "Aus dem Archiv": tiles of images and videos, every tag on one of them at least. */
function masonryBlok(b: Builder, r: Rng): Blok {
  const tileFiles = [
    DETAIL_PORTRAIT[0],
    DETAIL_LANDSCAPE[0],
    TILE_VARIANTS["atlas-der-stille"]?.file,
    DETAIL_LANDSCAPE[3],
    FILES.heroVideoDesktop,
    DETAIL_PORTRAIT[2],
    DETAIL_LANDSCAPE[5],
    TILE_VARIANTS.nachtbus?.file,
    DETAIL_PORTRAIT[4],
    DETAIL_LANDSCAPE[8],
    DETAIL_PORTRAIT[6],
    FILES.letterLoopMp4,
    DETAIL_LANDSCAPE[11],
    DETAIL_PORTRAIT[8],
  ].filter((f): f is string => typeof f === "string");
  const tagRng = createRng(`${b.seed}:masonry-tags`);
  const pillTags: Tag[] = [...TAGS, UNKNOWN_TAG];
  return {
    _uid: r.uuid(),
    Headline: "Aus dem Archiv",
    Tiles: tileFiles.map((file, i) => {
      const [info, infoLanguage] = MASONRY_INFO[i % MASONRY_INFO.length] ?? ["", ""];
      return {
        _uid: r.uuid(),
        Media: b.asset(file),
        Info: info,
        // the languages of the info text and the medium's alt text, as the editor marks them
        InfoLanguage: infoLanguage,
        AltLanguage: captionLanguage(b.file(file).alt),
        // Every tag shows up at least once, so every pill filters something.
        Tags: i < pillTags.length ? [pillTags[i]] : tagRng.sample(TAGS, tagRng.int(1, 2)),
        component: "masonry_tile",
      };
    }),
    component: "masonry",
  };
}

export function aboutStory(b: Builder, draft: boolean): Blok {
  const r = createRng(`${b.seed}:about:content`);
  const intro = aboutIntro(draft);
  // in this order: each takes its ids from `r` in turn
  const overview = overviewBlok(b, r);
  const team = teamBlok(r);
  const masonry = masonryBlok(b, r);
  return {
    _uid: r.uuid(),
    body: [
      {
        _uid: r.uuid(),
        Headline: draft ? "Wir sind Halbton — seit 2016 in Berlin" : "Wir sind Halbton",
        Text: intro,
        component: "about_block",
      },
      overview,
      team,
      masonry,
    ],
    component: "about",
  };
}
