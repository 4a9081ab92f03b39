import type { ArticlePlan } from "./article-plans";
import { DETAIL_LANDSCAPE } from "./media";
import {
  anchor,
  blockquote,
  bold,
  bulletList,
  code,
  codeBlock,
  doc,
  emailLink,
  emoji,
  hardBreak,
  heading,
  highlight,
  horizontalRule,
  image,
  italic,
  listItem,
  orderedList,
  paragraph,
  storyLink as richStoryLink,
  strike,
  strong,
  subscript,
  superscript,
  text,
  textStyle,
  underline,
  urlLink,
  type RichTextDoc,
  type RichTextNode,
} from "./richtext";
import type { Builder } from "./story-builder";
import { slugify, type Ref } from "./story-shape";
import { PROCESS_PARAGRAPHS, STUDIO } from "./texts";

// Rich text sections. Together the first ten articles use every node type and mark.
type Section = (a: ArticlePlan, ctx: { b: Builder; other: Ref }) => RichTextNode[];

const SECTIONS: Section[] = [
  (a) => [
    heading(2, "Process"),
    paragraph(
      "We set every test in ",
      text("real", bold),
      " copy from the client, never in lorem ipsum — ",
      text("auch nicht im ersten Entwurf", italic),
      ".",
    ),
    codeBlock(
      "css",
      `.headline {\n  font-family: "${a.name}", sans-serif;\n  font-feature-settings: "tnum" 1, "ss01" 1;\n  font-variation-settings: "wght" 720;\n}`,
    ),
    paragraph("Briefing im Januar,", hardBreak(), "erste Skizzen im Februar,", hardBreak(), "Launch im Frühling."),
  ],
  (a) => [
    heading(3, "Leistungen"),
    bulletList(...a.services.split(", ").map((s) => listItem(text(s, bold))), listItem("Dokumentation und Übergabe")),
    paragraph(
      "Ursprünglich war ",
      text("ein dreifarbiger Druck", strike),
      " geplant; am Ende reichten zwei Farben und ",
      text("sehr viel Papierweiß", underline),
      ".",
    ),
  ],
  (a) => [
    heading(3, "How we worked"),
    orderedList(
      listItem("Listen: interviews and a site visit"),
      listItem("Sketch: 200 thumbnails, 3 directions"),
      listItem("Build: a system, not a single layout"),
      listItem("Hand over: templates and a short manual"),
    ),
    paragraph(
      "More about the client at ",
      text(
        a.client,
        urlLink(`https://${slugify(a.client)}.example`, { rel: "noopener", title: `${a.client} (extern)` }),
      ),
      ".",
    ),
  ],
  (a) => [
    blockquote(
      paragraph(
        "»Wir wollten etwas, das man von der anderen Straßenseite erkennt – und bekamen etwas, das man aus der Nähe lesen möchte.«",
        hardBreak(),
        `— ${a.client}`,
      ),
    ),
    paragraph(text("Quote from the final presentation, slightly shortened.", italic)),
  ],
  (a, { b }) => {
    const detail = b.file(a.rng.pick(DETAIL_LANDSCAPE));
    return [
      paragraph("Ein Blick auf die Details:"),
      paragraph(image({ id: detail.id, src: detail.url, alt: `${a.name}: ${detail.alt}`, title: detail.name })),
      paragraph(detail.name),
    ];
  },
  () => [
    heading(4, "Druckdaten"),
    paragraph(
      "Papier 120 g/m",
      text("2", superscript),
      ", ",
      text("CO", strong),
      text("2", subscript),
      "-kompensiert gedruckt, Sonderfarbe ",
      text("#FF5B14", code),
      ", Rasterweite 20 L/cm.",
    ),
  ],
  () => [
    paragraph(
      text("Farbe ist bei uns ein Werkzeug: ", bold, italic),
      text("Neonpink", highlight("#F388CC")),
      " für alles, was laut sein darf, ",
      text("Ultramarin", textStyle("#2F3CE8")),
      " für alles, was bleiben soll. ",
      emoji("sparkles", "✨", "2728"),
    ),
  ],
  (a, { other }) => [
    horizontalRule(),
    heading(5, text("Credits", anchor(`credits-${a.slug}`))),
    bulletList(
      listItem("Art Direction: ", STUDIO.partners[0]),
      listItem("Design: ", STUDIO.partners[1], ", Lea Vossberg"),
      listItem("Kontakt: ", text(STUDIO.email, emailLink(STUDIO.email))),
    ),
    heading(6, "Siehe auch"),
    paragraph(
      "Related project: ",
      text(other.fullSlug.replace("articles/", ""), richStoryLink(other.fullSlug, other.uuid)),
    ),
  ],
  (a) => [
    paragraph(
      "Fragen zum Projekt? Schreib uns an ",
      text(STUDIO.email, emailLink(STUDIO.email)),
      " oder schau auf ",
      text("unserer Website", urlLink(`${STUDIO.website}/projekte/${a.slug}`)),
      " vorbei ",
      emoji("wave", "👋", "1f44b"),
    ),
  ],
  (a) => [
    heading(2, "Facts & figures"),
    orderedList(
      listItem(text(String(a.rng.int(4, 40)), bold), " Wochen Laufzeit"),
      listItem(text(String(a.rng.int(2, 14)), bold), " Anwendungen"),
      listItem("1 Druckerei, ", text("0", italic), " Ausreden"),
    ),
    paragraph("Team:", hardBreak(), STUDIO.partners.join(", ")),
  ],
];

export function articleText(a: ArticlePlan, ctx: { b: Builder; other: Ref }, extra: RichTextNode[] = []): RichTextDoc {
  const sections =
    a.index < SECTIONS.length
      ? [a.index, (a.index + 4) % SECTIONS.length]
      : a.rng.sample(
          SECTIONS.map((_, i) => i),
          a.rng.int(1, 2),
        );
  return doc(
    ...a.intro.map((p) => paragraph(p)),
    ...extra,
    ...sections.flatMap((i) => SECTIONS[i]?.(a, ctx) ?? []),
    paragraph(a.rng.pick(PROCESS_PARAGRAPHS)),
  );
}
