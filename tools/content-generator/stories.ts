// The demo space's stories, in Storyblok's CDN story shape (see docs/content-model.md).
import { aboutStory } from "./about-story";
import { planArticles } from "./article-plans";
import { buildArticles } from "./articles";
import { SPACE_ID, type MediaFile } from "./media";
import { footerStory, headerStory, homeStory, imprintStory, indexStory } from "./page-stories";
import { createRng } from "./prng";
import { Builder } from "./story-builder";
import { BASE_TIME, DAY, ID_BASE, iso, storyShell, type Blok, type Ref, type StoryFile } from "./story-shape";
import { STUDIO } from "./texts";

export function buildSpace(seed: string) {
  const r = createRng(`${seed}:tokens`);
  return {
    space: { id: SPACE_ID, name: STUDIO.name, domain: "http://localhost:3000/", language_codes: ["en"] },
    previewToken: `${r.alphanumeric(22)}tt`,
    publicToken: `${r.alphanumeric(22)}tt`,
  };
}

export function buildStories(seed: string, articleCount: number, media: readonly MediaFile[]) {
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
  // header, footer, home, index, imprint, about
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
    // the article files, built lazily
    articleFiles: () => buildArticles(b, plans),
    // the articles' slugs and names, in order
    articles: plans.map(({ slug, name }) => ({ slug, name })),
  };
}
