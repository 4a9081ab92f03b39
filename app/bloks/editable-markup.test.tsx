import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AboutBody } from "~/bloks/about/about";
import { ArticlePageView } from "~/bloks/article/article";
import { ImprintView } from "~/bloks/imprint/imprint";
import { Gallery } from "~/components/gallery/gallery";
import { Hero } from "~/components/hero/hero";
import { parseAboutStory } from "~/content/about";
import { parseArticleStory } from "~/content/article";
import { parseHomeStory } from "~/content/home";
import { parseImprintStory } from "~/content/imprint";
import { mockIntersectionObserver, mockMatchMedia } from "~/test/browser-mocks";
import { demoArticles, demoStory } from "~/test/arbitraries/mutations";
import { renderInRouter } from "~/test/render-in-router";

/**
 * The visual editor's attributes come from the `_editable` comments of a
 * draft answer, which a published answer never has: a published page carries
 * none, and a preview page differs from it by those attributes only.
 */

type Json = Record<string, unknown>;

/** The story as a draft answer of the CDN carries it: `_editable` on every blok (Storyblok's format). */
function asDraft(story: Json): Json {
  const id = String(story.id);
  return JSON.parse(JSON.stringify(story), (_key, value: unknown) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const blok = value as Json;
    if (typeof blok.component !== "string" || typeof blok._uid !== "string") return value;
    const comment = `{"name": ${JSON.stringify(blok.component)}, "space": "287401", "uid": ${JSON.stringify(blok._uid)}, "id": "${id}"}`;
    return { ...blok, _editable: `<!--#storyblok#${comment}-->` };
  }) as Json;
}

/** Every blok's `{story id}-{_uid}` in a story. */
function blokUids(story: Json): string[] {
  const uids: string[] = [];
  JSON.stringify(story.content, (_key, value: unknown) => {
    const blok = value as Json | null;
    if (blok && typeof blok === "object" && typeof blok.component === "string" && typeof blok._uid === "string") {
      uids.push(`${String(story.id)}-${blok._uid}`);
    }
    return value;
  });
  return uids;
}

const PAGES: Array<{ name: string; story: () => Json; render: (story: Json) => ReactNode }> = [
  {
    name: "home",
    story: () => demoStory("home"),
    render: (story) => {
      const page = parseHomeStory(story);
      return (
        <>
          <Hero hero={page.hero} />
          <Gallery items={page.gallery.items} selectedTags={[]} />
        </>
      );
    },
  },
  { name: "about", story: () => demoStory("about"), render: (story) => <AboutBody page={parseAboutStory(story)} /> },
  {
    name: "imprint",
    story: () => demoStory("imprint"),
    render: (story) => <ImprintView page={parseImprintStory(story)} />,
  },
  ...demoArticles()
    .slice(0, 6)
    .map((article) => ({
      name: String(article.full_slug),
      story: () => article,
      render: (story: Json) => (
        <ArticlePageView page={{ status: "found", article: parseArticleStory(story), otherProjects: [] }} />
      ),
    })),
];

/** The rendered HTML; React's generated ids (useId) numbered per render are left out. */
function markup(node: ReactNode): string {
  const { container, unmount } = renderInRouter(node);
  const html = container.innerHTML.replace(/_r_\w+_/g, "_r_");
  unmount();
  return html;
}

beforeEach(() => {
  mockMatchMedia();
  mockIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(PAGES)("the $name page", ({ story, render }) => {
  it("carries no editable attribute from a published answer", () => {
    const published = story();
    expect(JSON.stringify(published)).not.toContain("_editable");
    expect(markup(render(published))).not.toMatch(/data-blok-/);
  });

  it("from a draft answer, differs by the editable attributes only, each of a blok of the story", () => {
    const published = story();
    const draft = asDraft(published);
    const html = markup(render(draft));
    const uids = [...html.matchAll(/data-blok-uid="([^"]*)"/g)].map((match) => match[1]);
    expect(uids.length).toBeGreaterThan(0);
    expect(blokUids(draft)).toEqual(expect.arrayContaining(uids));
    const withoutAttributes = html.replace(/ data-blok-(c|uid)="[^"]*"/g, "");
    expect(withoutAttributes).toBe(markup(render(published)));
  });
});
