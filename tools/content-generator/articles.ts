import { createRngClone, type ArticlePlan } from "./article-plans";
import { articleText } from "./article-text";
import { DETAIL_LANDSCAPE, DETAIL_PORTRAIT, FILES, PROJECT_CLIPS } from "./media";
import { bold, paragraph, text, type RichTextNode } from "./richtext";
import type { Builder } from "./story-builder";
import { ARTICLES_FOLDER_ID, DAY, storyShell, type Blok, type Ref, type StoryFile } from "./story-shape";
import { captionLanguage, SPECIAL } from "./texts";

/** The article stories, one file each. */

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

function mediaBlok(a: ArticlePlan, b: Builder, layout: Layout, pools: ImagePools, clip?: string): Blok {
  const portrait = layout === "vertical";
  const pool = portrait ? pools.portrait : pools.landscape;
  const file = clip ?? pool.shift() ?? (portrait ? DETAIL_PORTRAIT[0] : DETAIL_LANDSCAPE[0]) ?? FILES.workshop;
  const alt = `${a.name}: ${b.file(file).alt}`;
  return {
    _uid: a.rng.uuid(),
    Image: b.asset(file, { alt }),
    // the languages of its caption and alt text, as the editor marks them beside the image
    CaptionLanguage: captionLanguage(b.file(file).name),
    AltLanguage: captionLanguage(alt),
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
    // the project's clip, if it has one, in the last portrait cell: below the first screen on every width
    const clipCell = Object.hasOwn(PROJECT_CLIPS, a.slug) ? blocks.flat().lastIndexOf("vertical") : -1;
    let cell = 0;
    content.Wrapper = blocks.map((layouts) => ({
      _uid: a.rng.uuid(),
      media: layouts.map((layout) =>
        mediaBlok(a, b, layout, pools, cell++ === clipCell ? PROJECT_CLIPS[a.slug] : undefined),
      ),
      component: "ImagesArticle",
    }));
  }
  return { _uid: uid, ...content, component: "article" };
}

const draftName = (a: ArticlePlan): string => a.name.replace("2024", "2025");

/** Article files one by one, so a benchmark run of 10,000 never holds them all. */
export function* buildArticles(b: Builder, plans: ArticlePlan[]): Generator<{ path: string; data: StoryFile }> {
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
