import type { ArticlePlan } from "./article-plans";
import { LANGUAGE_LABEL } from "./english";
import { FILES, HERO_PROJECTS, headerFile, heroFiles, phoneFocusOf, TILE_VARIANTS } from "./media";
import { createRng, type Rng } from "./prng";
import {
  bold,
  bulletList,
  doc,
  emailLink,
  hardBreak,
  heading,
  listItem,
  orderedList,
  paragraph,
  text,
  urlLink,
} from "./richtext";
import type { Builder } from "./story-builder";
import type { Blok, Ref } from "./story-shape";
import { PROJECTS, SPECIAL, STUDIO } from "./texts";

/** The content of the pages that are not articles: header, footer, home, index and imprint. */

export function headerStory(b: Builder, refs: { index: Ref; about: Ref }): Blok {
  const r = createRng(`${b.seed}:header:content`);
  return {
    _uid: r.uuid(),
    body: [
      {
        _uid: r.uuid(),
        Logo: b.asset(FILES.logo),
        Index: b.storyLink(refs.index),
        IndexLabel: "Index",
        Link: b.storyLink(refs.about),
        LinkLabel: "About",
        LanguageLabel: LANGUAGE_LABEL,
        Burger: b.asset(FILES.burger),
        Close: b.asset(FILES.close),
        component: "header_content",
      },
    ],
    component: "header",
  };
}

export function footerStory(b: Builder, refs: { imprint: Ref }): Blok {
  const r = createRng(`${b.seed}:footer:content`);
  return {
    _uid: r.uuid(),
    body: [
      {
        _uid: r.uuid(),
        Text: `${STUDIO.name}\nSchrift, Plakat, Marke, Bewegung und Web.\n${STUDIO.street}\n${STUDIO.postcode} ${STUDIO.city}`,
        Imprint: b.storyLink(refs.imprint),
        ImprintLabel: "Impressum",
        email: b.emailLink(STUDIO.email),
        Icon: b.asset(FILES.social),
        SocialMedia: b.urlLink(STUDIO.instagram),
        Copyright: `© 2025 ${STUDIO.name}`,
        LogoBig: STUDIO.logoText,
        component: "footer_content",
      },
    ],
    component: "footer",
  };
}

/** The home page's gallery: a tile per published project and the letter loop, the first six in order. */
function homeGallery(b: Builder, r: Rng, target: (slug: string, fallback: number) => Ref): Blok {
  const items: Blok[] = [];
  PROJECTS.forEach((project, k) => {
    if (project.slug === PROJECTS[SPECIAL.neverPublished]?.slug) return;
    const tile = TILE_VARIANTS[project.slug];
    const file = tile?.file ?? headerFile(project.slug);
    const alt = project.slug === "nachtbus" ? "" : `${project.name}: ${project.headline01}`;
    items.push({
      _uid: r.uuid(),
      Image: b.asset(file, { alt, name: project.name }),
      Name: project.slug === "halbe-sachen" ? "" : project.name,
      Tags: k % 3 === 0 ? project.tags.slice(0, 1) : project.tags.slice(0, 2),
      link: b.storyLink(target(project.slug, k)),
      component: "gallery_item",
    });
  });
  items.splice(5, 0, {
    _uid: r.uuid(),
    Image: b.asset(FILES.letterLoopMp4),
    Name: "Bewegte Lettern (Loop)",
    Tags: ["Animation", "Typefont"],
    link: b.storyLink(target("bewegte-lettern", 19)),
    component: "gallery_item",
  });
  const order = createRng(`${b.seed}:gallery-order`).shuffle(items.slice(6));
  return { _uid: r.uuid(), ImageData: [...items.slice(0, 6), ...order], component: "gallery" };
}

export function homeStory(b: Builder, plans: ArticlePlan[]): Blok {
  const r = createRng(`${b.seed}:home:content`);
  const published = plans.filter((p) => p.index !== SPECIAL.neverPublished);
  const target = (slug: string, fallback: number): Ref =>
    plans.find((p) => p.slug === slug && p.index !== SPECIAL.neverPublished) ??
    published[fallback % published.length] ??
    plans[0] ?? { uuid: "", fullSlug: "" };
  const slide = (desktop: string, phone: string, to: Ref, alt?: string): Blok => ({
    _uid: r.uuid(),
    Image: b.asset(desktop, alt ? { alt } : {}),
    PhoneSize: b.asset(phone, alt ? { alt } : {}),
    PhoneFocus: phoneFocusOf(b.file(phone)),
    link: b.storyLink(to),
    component: "slide",
  });
  const heroSlides = HERO_PROJECTS.map((slug, i) =>
    slide(heroFiles(slug).desktop, heroFiles(slug).phone, target(slug, i)),
  );
  const videoSlide = slide(FILES.heroVideoDesktop, FILES.heroVideoPhone, target("loop-lab", 3));
  const single = HERO_PROJECTS[0];
  const hero: Blok = {
    _uid: r.uuid(),
    CaruselYN: true,
    Photo: [heroSlides[0], videoSlide, heroSlides[1], heroSlides[2]],
    Image: [
      slide(
        heroFiles(single).desktop,
        heroFiles(single).phone,
        target(single, 0),
        "Kiosk Morgenrot, Plakat zur Wiedereröffnung",
      ),
    ],
    component: "hero",
  };

  const gallery = homeGallery(b, r, target);
  return { _uid: r.uuid(), body: [hero, gallery], component: "page" };
}

export const DELETED_ARTICLE_UUID = (seed: string): string => createRng(`${seed}:deleted-article`).uuid();

export function indexStory(b: Builder, plans: ArticlePlan[]): Blok {
  const r = createRng(`${b.seed}:index:content`);
  const uuids = plans.map((p) => p.uuid);
  // A reference to a story that was deleted: the site must drop it.
  uuids.splice(4, 0, DELETED_ARTICLE_UUID(b.seed));
  return {
    _uid: r.uuid(),
    body: [{ _uid: r.uuid(), Title: "Index", Articles: uuids, component: "article_list" }],
    component: "index",
  };
}

export function imprintStory(b: Builder): Blok {
  const r = createRng(`${b.seed}:imprint:content`);
  const main = doc(
    heading(1, "Impressum"),
    heading(2, "Angaben gemäß § 5 DDG"),
    paragraph(STUDIO.legalName, hardBreak(), STUDIO.street, hardBreak(), `${STUDIO.postcode} ${STUDIO.city}`),
    heading(3, "Vertreten durch"),
    bulletList(...STUDIO.partners.map((p) => listItem(p))),
    heading(3, "Kontakt"),
    paragraph(`Telefon: ${STUDIO.phone}`, hardBreak(), "E-Mail: ", text(STUDIO.email, emailLink(STUDIO.email))),
    heading(3, "Umsatzsteuer-ID"),
    paragraph(`Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: ${STUDIO.vatId}`),
    heading(3, "Redaktionell verantwortlich"),
    paragraph(`${STUDIO.partners[0]}, Anschrift wie oben (§ 18 Abs. 2 MStV)`),
    heading(2, "Haftung für Inhalte"),
    paragraph(
      "Als Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Wir sind jedoch nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen.",
    ),
    heading(2, "Haftung für Links"),
    paragraph(
      "Unser Angebot enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für die Inhalte der verlinkten Seiten ist stets der jeweilige Anbieter verantwortlich. Unsere eigene Website findest du unter ",
      text(STUDIO.website.replace("https://", ""), urlLink(STUDIO.website)),
      ".",
    ),
    heading(2, "Urheberrecht"),
    paragraph(
      "Die durch uns erstellten Inhalte und Werke auf diesen Seiten unterliegen dem deutschen Urheberrecht. Alle Abbildungen zeigen Arbeiten von ",
      text(STUDIO.name, bold),
      "; die Schriften Grotesk Nr. 7, Signal Serif und Modular Mono sind Eigenentwicklungen.",
    ),
    heading(3, "Bildnachweise"),
    bulletList(
      listItem("Projektfotos: Studio Halbton"),
      listItem("Portraits: Lea Vossberg"),
      listItem("Animationen: Studio Halbton"),
    ),
  );
  const privacy = doc(
    heading(2, "Datenschutz in Kürze"),
    paragraph(
      "Diese Website setzt keine Tracking-Cookies und lädt keine Schriften oder Skripte von Dritten. Beim Aufruf speichert unser Hoster technisch notwendige Server-Logs für sieben Tage.",
    ),
    orderedList(
      listItem("Verantwortlich: ", STUDIO.legalName),
      listItem("Auskunft und Löschung: ", text(STUDIO.email, emailLink(STUDIO.email))),
      listItem("Beschwerden: die zuständige Datenschutzaufsichtsbehörde in Berlin"),
    ),
  );
  return {
    _uid: r.uuid(),
    body: [
      { _uid: r.uuid(), Text: main, component: "imprint_text" },
      { _uid: r.uuid(), Text: privacy, component: "imprint_text" },
    ],
    component: "imprint",
  };
}
