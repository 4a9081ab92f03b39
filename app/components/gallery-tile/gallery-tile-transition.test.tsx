import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArticleHero } from "~/components/article-hero/article-hero";
import { Gallery } from "~/components/gallery/gallery";
import { parseGallery } from "~/content/home";
import { mockMatchMedia } from "~/test/browser-mocks";
import { GalleryTile } from "./gallery-tile";

/**
 * A gallery tile's medium becomes the article's hero by a view transition:
 * the clicked tile and the hero carry the transition name while it runs,
 * no other tile does, and under reduced motion no transition starts.
 */

const items = parseGallery({
  ImageData: ["hafenkino", "nachtbus"].map((slug) => ({
    _uid: slug,
    component: "gallery_item",
    Image: { filename: `https://a.storyblok.com/f/287401/900x1200/abc/${slug}.jpg`, alt: slug },
    Name: slug,
    link: { linktype: "story", cached_url: `articles/${slug}` },
  })),
}).items!;

const HERO = {
  src: "https://a.storyblok.com/f/287401/1600x1000/abc/hero.webp",
  alt: "Hero",
  width: 1600,
  height: 1000,
};

function renderSite() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ul>
          {items.map((item, index) => (
            <GalleryTile key={item.key} item={item} stagger={index} />
          ))}
        </ul>
      ),
    },
    { path: "/articles/:slug", Component: () => <ArticleHero image={HERO} /> },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

/** Which elements carry the transition name, by their alt text or label. */
function named(): string[] {
  return [...document.querySelectorAll("[data-view-transition]")].map(
    (element) => element.getAttribute("alt") ?? element.querySelector("img")?.getAttribute("alt") ?? "?",
  );
}

interface Snapshots {
  old: string[];
  new: string[];
}

/** Document.startViewTransition as a browser runs it, recording the named elements of both states. */
function fakeViewTransitions(): Snapshots[] {
  const calls: Snapshots[] = [];
  const startViewTransition = (update: () => Promise<void> | void) => {
    const snapshots: Snapshots = { old: named(), new: [] };
    calls.push(snapshots);
    const done = Promise.resolve(update()).then(() => {
      snapshots.new = named();
    });
    return { updateCallbackDone: done, ready: done, finished: done, skipTransition() {} };
  };
  Object.assign(document, { startViewTransition });
  return calls;
}

beforeEach(() => {
  mockMatchMedia(() => false);
});

afterEach(() => {
  delete (document as { startViewTransition?: unknown }).startViewTransition;
  vi.unstubAllGlobals();
});

describe("gallery tile to article hero", () => {
  it("names the clicked tile's medium and the hero while the transition runs, and nothing after it", async () => {
    const transitions = fakeViewTransitions();
    renderSite();
    expect(named()).toEqual([]);
    await userEvent.click(screen.getByRole("link", { name: /nachtbus/ }));
    await screen.findByRole("img", { name: "Hero" });
    expect(transitions).toEqual([{ old: ["nachtbus"], new: ["Hero"] }]);
    await waitFor(() => expect(named()).toEqual([]));
    // it grew into place: no fade-in on top of it
    expect(screen.getByRole("img", { name: "Hero" }).hasAttribute("data-arrived")).toBe(true);
  });

  it("names only the chosen tile where two link the same article: a name two elements share aborts the transition", async () => {
    const twice = parseGallery({
      ImageData: ["nachtbus", "nachtbus"].map((slug, index) => ({
        _uid: `${slug}-${index}`,
        component: "gallery_item",
        Image: { filename: `https://a.storyblok.com/f/287401/900x1200/abc/${slug}-${index}.jpg`, alt: `tile ${index}` },
        Name: `tile ${index}`,
        link: { linktype: "story", cached_url: `articles/${slug}` },
      })),
    }).items!;
    const transitions = fakeViewTransitions();
    const Stub = createRoutesStub([
      { path: "/", Component: () => <Gallery items={twice} selectedTags={[]} /> },
      { path: "/articles/:slug", Component: () => <ArticleHero image={HERO} /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    await userEvent.click(screen.getByRole("link", { name: /tile 1/ }));
    await screen.findByRole("img", { name: "Hero" });
    expect(transitions).toEqual([{ old: ["tile 1"], new: ["Hero"] }]);
  });

  it("starts no transition under reduced motion", async () => {
    mockMatchMedia((query) => query === "(prefers-reduced-motion: reduce)");
    const transitions = fakeViewTransitions();
    renderSite();
    await userEvent.click(screen.getByRole("link", { name: /hafenkino/ }));
    const hero = await screen.findByRole("img", { name: "Hero" });
    expect(transitions).toEqual([]);
    expect(hero.hasAttribute("data-arrived")).toBe(false);
  });

  it("navigates as before where the browser has no view transitions", async () => {
    renderSite();
    await userEvent.click(screen.getByRole("link", { name: /hafenkino/ }));
    expect((await screen.findByRole("img", { name: "Hero" })).hasAttribute("data-view-transition")).toBe(false);
  });
});
