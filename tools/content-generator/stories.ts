// The demo space's stories, in Storyblok's CDN story shape (see docs/content-model.md).
import { LANGUAGE_LABEL } from "./english";
import { createRng, type Rng } from "./prng";
import {
  DETAIL_LANDSCAPE,
  DETAIL_PORTRAIT,
  FILES,
  HERO_PROJECTS,
  headerFile,
  heroFiles,
  SPACE_ID,
  TILE_VARIANTS,
  type MediaFile,
} from "./media";
import {
  anchor,
  assetLink,
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
  styled,
  subscript,
  superscript,
  text,
  textStyle,
  underline,
  urlLink,
  type Inline,
  type RichTextDoc,
  type RichTextNode,
} from "./richtext";
import {
  GENERATED_CLIENT_NAME,
  GENERATED_CLIENT_PREFIX,
  GENERATED_FIRST,
  GENERATED_SECOND,
  GENERATED_SERVICES,
  PROCESS_PARAGRAPHS,
  PROJECTS,
  SPECIAL,
  STUDIO,
  TAGS,
  UNKNOWN_TAG,
  type Project,
  type Tag,
} from "./texts";

export type Blok = { _uid: string; component: string } & Record<string, unknown>;

export interface Story {
  name: string;
  created_at: string;
  published_at: string | null;
  updated_at: string;
  id: number;
  uuid: string;
  content: Blok;
  slug: string;
  full_slug: string;
  sort_by_date: null;
  position: number;
  tag_list: string[];
  is_startpage: boolean;
  parent_id: number;
  meta_data: null;
  group_id: string;
  first_published_at: string | null;
  release_id: null;
  lang: "default";
  path: null;
  alternates: [];
  default_full_slug: null;
  translated_slugs: null;
}

export interface StoryFile {
  story: Story;
  /** Absent: published equals story. null: never published. */
  published?: Story | null;
}

export interface SpaceFile {
  space: { id: number; name: string; domain: string; language_codes: string[] };
  previewToken: string;
  publicToken: string;
}

export interface ArticleSummary {
  slug: string;
  name: string;
  tags: string[];
  state: "published" | "draft-differs" | "never-published";
  wrapper: boolean;
}

export interface BuildResult {
  space: SpaceFile;
  /** header, footer, home, index, imprint, about. */
  files: { path: string; data: StoryFile }[];
  /** The article files, built lazily. */
  articleFiles: () => Generator<{ path: string; data: StoryFile }>;
  articles: ArticleSummary[];
}

const ID_BASE = 612_340_001;
const ARTICLES_FOLDER_ID = ID_BASE + 99;
const ARTICLE_ID_BASE = ID_BASE + 100;
const DAY = 86_400_000;
const BASE_TIME = Date.UTC(2023, 0, 9, 9, 0, 0);
const iso = (ms: number): string => new Date(ms).toISOString();

interface Ref {
  uuid: string;
  fullSlug: string;
}

interface ArticlePlan extends Ref {
  index: number;
  id: number;
  slug: string;
  name: string;
  client: string;
  services: string;
  tags: Tag[];
  headline: string;
  headline01: string;
  intro: string[];
  link?: Project["link"];
  header: string;
  rng: Rng;
  groupId: string;
  createdAt: number;
}

class Builder {
  private readonly media: Map<string, MediaFile>;

  constructor(
    readonly seed: string,
    media: readonly MediaFile[],
  ) {
    this.media = new Map(media.map((m) => [m.file, m]));
  }

  file(name: string): MediaFile {
    const m = this.media.get(name);
    if (!m) throw new Error(`media file not in the catalogue: ${name}`);
    return m;
  }

  asset(name: string, over: { alt?: string; name?: string; title?: string } = {}) {
    const m = this.file(name);
    return {
      id: m.id,
      filename: m.url,
      alt: over.alt ?? m.alt,
      name: over.name ?? m.name,
      title: over.title ?? "",
      focus: "",
      copyright: `© ${STUDIO.name}`,
      fieldtype: "asset",
    };
  }

  storyLink(target: Ref) {
    return {
      id: target.uuid,
      url: "",
      cached_url: target.fullSlug,
      linktype: "story",
      target: "_self",
      anchor: "",
      fieldtype: "multilink",
    };
  }

  urlLink(url: string, extra: Record<string, string> = {}) {
    return {
      id: "",
      url,
      cached_url: url,
      linktype: "url",
      target: "_blank",
      anchor: "",
      fieldtype: "multilink",
      ...extra,
    };
  }

  emptyLink() {
    return { id: "", url: "", cached_url: "", linktype: "story", fieldtype: "multilink" };
  }

  emailLink(address: string) {
    return {
      id: "",
      url: address,
      cached_url: address,
      email: address,
      linktype: "email",
      target: "_self",
      anchor: "",
      fieldtype: "multilink",
    };
  }
}

function storyShell(
  o: {
    id: number;
    slug: string;
    fullSlug: string;
    name: string;
    parentId?: number;
    position?: number;
    createdAt: number;
    publishedAt: number | null;
    firstPublishedAt?: number | null;
    updatedAt?: number;
    tags?: string[];
  },
  content: Blok,
  ids: { uuid: string; groupId: string },
): Story {
  return {
    name: o.name,
    created_at: iso(o.createdAt),
    published_at: o.publishedAt === null ? null : iso(o.publishedAt),
    updated_at: iso(o.updatedAt ?? o.publishedAt ?? o.createdAt),
    id: o.id,
    uuid: ids.uuid,
    content,
    slug: o.slug,
    full_slug: o.fullSlug,
    sort_by_date: null,
    position: o.position ?? 0,
    tag_list: o.tags ?? [],
    is_startpage: false,
    parent_id: o.parentId ?? 0,
    meta_data: null,
    group_id: ids.groupId,
    first_published_at:
      o.firstPublishedAt === undefined
        ? o.publishedAt === null
          ? null
          : iso(o.publishedAt)
        : o.firstPublishedAt === null
          ? null
          : iso(o.firstPublishedAt),
    release_id: null,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  };
}

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/&/g, "und")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Handcrafted projects first, then plausible generated ones for benchmark runs. */
function planArticles(seed: string, count: number): ArticlePlan[] {
  const plans: ArticlePlan[] = [];
  const usedSlugs = new Set<string>();
  for (let index = 0; index < count; index++) {
    const project = PROJECTS[index];
    let base: Omit<ArticlePlan, "uuid" | "fullSlug" | "rng" | "groupId" | "id" | "index" | "createdAt">;
    if (project) {
      base = { ...project, header: headerFile(project.slug) };
    } else {
      const g = createRng(`${seed}:generated:${index}`);
      const first = g.pick(GENERATED_FIRST);
      const second = g.pick(GENERATED_SECOND);
      let name = `${first} ${second}`;
      if (usedSlugs.has(slugify(name))) name = `${name} No. ${index}`;
      const source = PROJECTS[index % PROJECTS.length] ?? PROJECTS[0];
      const tags = g.sample(TAGS, g.int(1, 3));
      base = {
        slug: slugify(name),
        name,
        client: `${g.pick(GENERATED_CLIENT_PREFIX)} ${g.pick(GENERATED_CLIENT_NAME)}`,
        services: g.pick(GENERATED_SERVICES),
        tags,
        headline: `${name} — ${g.pick(["ein System aus Punkten", "work in many formats", "notes from the studio", "gedruckt und bewegt", "a quiet identity"])}`,
        headline01: `${g.pick(["Ein Projekt", "A project", "Eine Zusammenarbeit"])} für ${g.pick(GENERATED_CLIENT_PREFIX)} ${g.pick(GENERATED_CLIENT_NAME)}: ${tags.join(", ")}.`,
        intro: [g.pick(PROCESS_PARAGRAPHS), g.pick(PROCESS_PARAGRAPHS)],
        header: headerFile(source?.slug ?? "tidewater-type"),
      };
    }
    usedSlugs.add(base.slug);
    const rng = createRng(`${seed}:article:${base.slug}`);
    const createdAt =
      index < PROJECTS.length
        ? BASE_TIME + index * 23 * DAY + rng.int(0, 480) * 60_000
        : BASE_TIME + PROJECTS.length * 23 * DAY + (index - PROJECTS.length) * 7 * 60_000;
    plans.push({
      ...base,
      index,
      id: ARTICLE_ID_BASE + index,
      fullSlug: `articles/${base.slug}`,
      uuid: rng.uuid(),
      groupId: rng.uuid(),
      rng,
      createdAt,
    });
  }
  return plans;
}

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
      paragraph(text(detail.name, styled("caption"))),
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
      text("Lead", styled("lead")),
      " ",
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

function articleText(a: ArticlePlan, ctx: { b: Builder; other: Ref }, extra: RichTextNode[] = []): RichTextDoc {
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

type Layout = "Fullsize" | "right" | "vertical" | "default";
const LAYOUT_PATTERNS: Layout[][] = [
  ["Fullsize", "vertical", "vertical"],
  ["right", "default"],
  ["default", "default", "Fullsize"],
  ["vertical", "right", "default", "vertical"],
];

interface ImagePools {
  landscape: string[];
  portrait: string[];
}

function mediaBlok(a: ArticlePlan, b: Builder, layout: Layout, pools: ImagePools): Blok {
  const portrait = layout === "vertical";
  const pool = portrait ? pools.portrait : pools.landscape;
  const file = pool.shift() ?? (portrait ? DETAIL_PORTRAIT[0] : DETAIL_LANDSCAPE[0]) ?? FILES.workshop;
  return {
    _uid: a.rng.uuid(),
    Image: b.asset(file, { alt: `${a.name}: ${b.file(file).alt}` }),
    Fullsize: layout === "Fullsize",
    right: layout === "right",
    vertical: portrait,
    component: "media",
  };
}

function articleContent(
  a: ArticlePlan,
  b: Builder,
  other: Ref,
  over: { headline?: string; extra?: RichTextNode[] } = {},
): Blok {
  const link = a.link;
  const uid = a.rng.uuid();
  const content: Record<string, unknown> = {
    Header: b.asset(a.header, { alt: `${a.name}, Key Visual`, name: a.name }),
    Headline: over.headline ?? a.headline,
    Text: articleText(a, { b, other }, over.extra),
    Link: !link
      ? b.emptyLink()
      : "url" in link
        ? b.urlLink(link.url, { title: link.title })
        : { ...b.storyLink(other), title: link.title },
    Icon: b.asset(FILES.arrow),
    info: [{ _uid: a.rng.uuid(), Client: a.client, Services: a.services, Headline01: a.headline01, component: "info" }],
  };
  if (a.index !== SPECIAL.noWrapper) {
    // No image twice in one article.
    const pools: ImagePools = { landscape: a.rng.shuffle(DETAIL_LANDSCAPE), portrait: a.rng.shuffle(DETAIL_PORTRAIT) };
    const first = LAYOUT_PATTERNS[a.index % LAYOUT_PATTERNS.length] ?? [];
    const blocks = [first];
    if (a.index % 3 !== 2) blocks.push(LAYOUT_PATTERNS[(a.index + 1) % LAYOUT_PATTERNS.length] ?? []);
    content.Wrapper = blocks.map((layouts) => ({
      _uid: a.rng.uuid(),
      media: layouts.map((layout) => mediaBlok(a, b, layout, pools)),
      component: "ImagesArticle",
    }));
  }
  return { _uid: uid, ...content, component: "article" };
}

function summarise(a: ArticlePlan): ArticleSummary {
  if (a.index === SPECIAL.neverPublished)
    return { slug: a.slug, name: a.name, tags: [...a.tags], state: "never-published", wrapper: true };
  if (a.index === SPECIAL.draftChanged) {
    return {
      slug: a.slug,
      name: `${draftName(a)} (draft) / ${a.name} (published)`,
      tags: [...a.tags, "Digital"],
      state: "draft-differs",
      wrapper: true,
    };
  }
  return { slug: a.slug, name: a.name, tags: [...a.tags], state: "published", wrapper: a.index !== SPECIAL.noWrapper };
}

const draftName = (a: ArticlePlan): string => a.name.replace("2024", "2025");

/** Article files one by one, so a benchmark run of 10,000 never holds them all. */
function* buildArticles(b: Builder, plans: ArticlePlan[]): Generator<{ path: string; data: StoryFile }> {
  const published = plans.filter((p) => p.index !== SPECIAL.neverPublished);
  const position = new Map(published.map((p, i) => [p, i]));
  for (const a of plans) {
    const bySlug =
      a.link && "story" in a.link ? plans.find((p) => p.slug === (a.link as { story: string }).story) : undefined;
    const other = bySlug ?? published[((position.get(a) ?? 0) + 1) % published.length] ?? a;
    const publishedAt = a.createdAt + 2 * DAY + a.rng.int(1, 20) * 3_600_000;
    const shell = {
      id: a.id,
      slug: a.slug,
      fullSlug: a.fullSlug,
      name: a.name,
      parentId: ARTICLES_FOLDER_ID,
      position: -10 * a.index,
      createdAt: a.createdAt,
      publishedAt,
      tags: [...a.tags],
    };
    const ids = { uuid: a.uuid, groupId: a.groupId };
    const path = `${a.fullSlug}.json`;
    if (a.index === SPECIAL.neverPublished) {
      const story = storyShell(
        { ...shell, publishedAt: null, updatedAt: a.createdAt + 5 * DAY },
        articleContent(a, b, other),
        ids,
      );
      yield { path, data: { story, published: null } };
    } else if (a.index === SPECIAL.draftChanged) {
      // The published version is a year older; the draft is being prepared for the next edition.
      const old = storyShell(shell, articleContent(createRngClone(a, "published"), b, other), ids);
      const draft = storyShell(
        { ...shell, name: draftName(a), tags: [...a.tags, "Digital"], updatedAt: publishedAt + 300 * DAY },
        articleContent(createRngClone(a, "draft"), b, other, {
          headline: "Spreelicht 2025 — das Festival kehrt zurück (Entwurf)",
          extra: [
            paragraph(
              text("Update 2025:", bold),
              " neue Motive, neue Uferzone, gleiche Punkte. Dieser Absatz ist nur im Entwurf zu sehen.",
            ),
          ],
        }),
        ids,
      );
      yield { path, data: { story: draft, published: old } };
    } else {
      yield { path, data: { story: storyShell(shell, articleContent(a, b, other), ids) } };
    }
  }
}

/** The same plan with its own random stream, so two versions of one article share their structure. */
function createRngClone(a: ArticlePlan, label: string): ArticlePlan {
  return { ...a, rng: createRng(`${a.uuid}:${label}`) };
}

function headerStory(b: Builder, refs: { index: Ref; about: Ref }): Blok {
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

function footerStory(b: Builder, refs: { imprint: Ref }): Blok {
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

function homeStory(b: Builder, plans: ArticlePlan[]): Blok {
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
  const gallery: Blok = { _uid: r.uuid(), ImageData: [...items.slice(0, 6), ...order], component: "gallery" };
  return { _uid: r.uuid(), body: [hero, gallery], component: "page" };
}

export const DELETED_ARTICLE_UUID = (seed: string): string => createRng(`${seed}:deleted-article`).uuid();

function indexStory(b: Builder, plans: ArticlePlan[]): Blok {
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

function imprintStory(b: Builder): Blok {
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

const MASONRY_INFO = [
  "Plakatwand im Treppenhaus, Frühjahr 2024",
  "Rasterstudie für Körnung",
  "Specimen proof, Grotesk Nr. 7",
  "Siebdruck, zweiter Durchgang",
  "Screens for Loop Lab",
  "Testdruck auf Recyclingpapier",
  "Studio wall, Friday afternoon",
  "Farbmuster für Farbraum Archiv",
  "Nachtbus, Linie N9",
  "Schilderprototyp im Maßstab 1:1",
  "Risograph, pink over blue",
  "Loop, 3 seconds, forever",
  "Sketchbook, week 12",
  "Packaging for Café Kontor",
] as const;

function aboutStory(b: Builder, draft: boolean): Blok {
  const r = createRng(`${b.seed}:about:content`);
  const intro = doc(
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
  const item = (headline: string, file: string, ...body: Inline[]): Blok => ({
    _uid: r.uuid(),
    Headline: headline,
    Asset: b.asset(file),
    Text: doc(paragraph(...body)),
    component: "overview_item",
  });
  const overview: Blok = {
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
  const team: Blok = {
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
  const masonry: Blok = {
    _uid: r.uuid(),
    Headline: "Aus dem Archiv",
    Tiles: tileFiles.map((file, i) => ({
      _uid: r.uuid(),
      Media: b.asset(file),
      Info: MASONRY_INFO[i % MASONRY_INFO.length],
      // Every tag shows up at least once, so every pill filters something.
      Tags: i < pillTags.length ? [pillTags[i]] : tagRng.sample(TAGS, tagRng.int(1, 2)),
      component: "masonry_tile",
    })),
    component: "masonry",
  };
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

export function buildSpace(seed: string): SpaceFile {
  const r = createRng(`${seed}:tokens`);
  return {
    space: { id: SPACE_ID, name: STUDIO.name, domain: "http://localhost:3000/", language_codes: ["en"] },
    previewToken: `${r.alphanumeric(22)}tt`,
    publicToken: `${r.alphanumeric(22)}tt`,
  };
}

export function buildStories(seed: string, articleCount: number, media: readonly MediaFile[]): BuildResult {
  const b = new Builder(seed, media);
  const plans = planArticles(seed, articleCount);
  const fixed = ["header", "footer", "home", "index", "imprint", "about"] as const;
  const refs = Object.fromEntries(
    fixed.map((slug, i) => {
      const r = createRng(`${seed}:story:${slug}`);
      return [slug, { id: ID_BASE + i, uuid: r.uuid(), groupId: r.uuid(), fullSlug: slug }];
    }),
  ) as Record<(typeof fixed)[number], Ref & { id: number; groupId: string }>;
  const page = (slug: (typeof fixed)[number], name: string, content: Blok, days: number) => {
    const ref = refs[slug];
    return storyShell(
      {
        id: ref.id,
        slug,
        fullSlug: slug,
        name,
        createdAt: BASE_TIME + days * DAY,
        publishedAt: BASE_TIME + (days + 880) * DAY,
        position: -10 * fixed.indexOf(slug),
      },
      content,
      { uuid: ref.uuid, groupId: ref.groupId },
    );
  };
  const files: { path: string; data: StoryFile }[] = [
    {
      path: "header.json",
      data: { story: page("header", "Header", headerStory(b, { index: refs.index, about: refs.about }), 0) },
    },
    { path: "footer.json", data: { story: page("footer", "Footer", footerStory(b, { imprint: refs.imprint }), 0) } },
    { path: "home.json", data: { story: page("home", "Home", homeStory(b, plans), 1) } },
    { path: "index.json", data: { story: page("index", "Index", indexStory(b, plans), 1) } },
    { path: "imprint.json", data: { story: page("imprint", "Impressum", imprintStory(b), 2) } },
  ];
  const aboutPublished = page("about", "About", aboutStory(b, false), 2);
  const aboutDraft = { ...page("about", "About", aboutStory(b, true), 2), updated_at: iso(BASE_TIME + 900 * DAY) };
  files.push({ path: "about.json", data: { story: aboutDraft, published: aboutPublished } });
  return {
    space: buildSpace(seed),
    files,
    articleFiles: () => buildArticles(b, plans),
    articles: plans.map(summarise),
  };
}
