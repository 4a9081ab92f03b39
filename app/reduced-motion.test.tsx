import { act, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Footer } from "~/bloks/footer/footer";
import { AboutMedia } from "~/components/about-media/about-media";
import { AutoplayVideo } from "~/components/autoplay-video/autoplay-video";
import { Gallery } from "~/components/gallery/gallery";
import { GalleryTile } from "~/components/gallery-tile/gallery-tile";
import { HeroCarousel } from "~/components/hero-carousel/hero-carousel";
import { HeroMedia } from "~/components/hero-media/hero-media";
import { MasonryGrid } from "~/components/masonry-grid/masonry-grid";
import { MediaGrid } from "~/components/media-grid/media-grid";
import { OverviewList } from "~/components/overview-list/overview-list";
import { ScrollWeightHeadline, STATIC_WEIGHT } from "~/components/scroll-weight-headline/scroll-weight-headline";
import { parseMasonry, parseOverview } from "~/content/about";
import { articleMedia } from "~/content/article-media";
import { parseGallery, parseHero } from "~/content/home";
import { parseFooterContent } from "~/content/layout";
import { useEntrance } from "~/hooks/use-in-view";
import { mockIntersectionObserver, mockMatchMedia, entranceWhenScrolledIn } from "~/test/browser-mocks";

/**
 * prefers-reduced-motion: reduce, component by component: no video
 * autoplays (standalone ones offer controls instead), the entrance hooks
 * report "static" and the scroll-driven headline holds one weight (the
 * stylesheets' reduced-motion rules: reduced-motion-css.test.ts).
 */

const REDUCE = "(prefers-reduced-motion: reduce)";
const asset = (file: string, alt = "Alt") => ({
  filename: `https://a.storyblok.com/f/287401/1600x900/abc/${file}`,
  alt,
});

let io: ReturnType<typeof mockIntersectionObserver>;
let play: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  mockMatchMedia((query) => query === REDUCE);
  io = mockIntersectionObserver();
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function inRouter(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub initialEntries={["/"]} />);
}

function expectStillVideos(container: ParentNode, { controls }: { controls: boolean }) {
  // (the full-screen view's videos, data-part="media", load nothing until shown: app/behaviours/lightbox.test.ts)
  const videos = Array.from(container.querySelectorAll<HTMLVideoElement>("video:not([data-part])"));
  expect(videos.length).toBeGreaterThan(0);
  for (const video of videos) {
    expect(video.autoplay).toBe(false);
    expect(video.hasAttribute("autoplay")).toBe(false);
    expect(video.muted).toBe(true);
    expect(video.controls).toBe(controls);
  }
  expect(play).not.toHaveBeenCalled();
}

describe("AutoplayVideo under reduced motion", () => {
  it("does not autoplay and stays on its first frame", () => {
    const { container } = render(<AutoplayVideo src="/loop.mp4" />);
    expectStillVideos(container, { controls: false });
    expect(container.querySelector("video")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("is prerendered without autoplay (and without controls): nothing moves before the page knows the setting", () => {
    const html = renderToString(<AutoplayVideo src="/loop.mp4" standalone label="Loop" />);
    expect(html).toContain("<video");
    expect(html).not.toMatch(/autoplay|controls/i);
    expect(html).toMatch(/muted|playsinline/i);
  });

  it("offers controls when it stands alone, named by its label", () => {
    const { container } = render(<AutoplayVideo src="/loop.mp4" standalone label="Studio loop" />);
    expectStillVideos(container, { controls: true });
    const video = container.querySelector("video")!;
    expect(video.hasAttribute("aria-hidden")).toBe(false);
    expect(video.getAttribute("aria-label")).toBe("Studio loop");
  });

  it("starts playing when the setting is switched off", () => {
    const media = mockMatchMedia((query) => query === REDUCE);
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    let reduce = true;
    media.matchMedia.mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return reduce && query === REDUCE;
          },
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { container, rerender } = render(<AutoplayVideo src="/loop.mp4" />);
    expect(play).not.toHaveBeenCalled();
    reduce = false;
    rerender(<AutoplayVideo src="/loop.mp4" key="again" />);
    const video = container.querySelector("video")!;
    // it plays once it is near the viewport
    act(() => {
      for (const observer of io.observing(video)) observer.trigger(true);
    });
    expect(video.autoplay).toBe(true);
    expect(play).toHaveBeenCalled();
  });
});

describe("videos of each component under reduced motion", () => {
  it("GalleryTile: a still first frame inside its link", () => {
    const [item] = parseGallery({ ImageData: [{ _uid: "v", Image: asset("loop.mp4"), Name: "Loop" }] }).items!;
    const { container } = inRouter(
      <ul>
        <GalleryTile item={item!} stagger={0} />
      </ul>,
    );
    expectStillVideos(container, { controls: false });
  });

  it("HeroMedia: a still first frame inside its link", () => {
    const { container } = render(
      <HeroMedia
        desktop={{ ...asset("hero.mp4"), name: "", title: "", focus: "", copyright: "" }}
        phone={{ ...asset("hero.mp4"), name: "", title: "", focus: "", copyright: "" }}
        priority
        sizes="100vw"
      />,
    );
    expectStillVideos(container, { controls: false });
  });

  it("HeroCarousel: no slide video plays", () => {
    const hero = parseHero({
      CaruselYN: true,
      Photo: [
        { _uid: "a", Image: asset("a.mp4") },
        { _uid: "b", Image: asset("b.webp") },
      ],
    });
    const { container } = inRouter(<HeroCarousel slides={hero.slides} />);
    expectStillVideos(container, { controls: false });
  });

  it("MediaGrid (article media): standalone videos with controls", () => {
    const items = articleMedia({
      Wrapper: [
        {
          component: "ImagesArticle",
          _uid: "w",
          media: [{ _uid: "m", Image: { ...asset("film.mp4"), name: "Film" } }],
        },
      ],
    });
    const { container } = render(<MediaGrid items={items} />);
    expectStillVideos(container, { controls: true });
    expect(within(container.querySelector("ul")!).getByLabelText("Film").tagName).toBe("VIDEO");
  });

  it("OverviewList, MasonryGrid and AboutMedia (about page): standalone videos with controls", () => {
    const overview = parseOverview({
      Items: [{ _uid: "i", Headline: "Motion", Asset: asset("motion.webm", "Motion reel") }],
    });
    const masonry = parseMasonry({ Tiles: [{ _uid: "t", Media: asset("tile.mov", "Tile reel"), Info: "Info" }] });
    const { container } = render(
      <>
        <OverviewList items={overview.items} />
        <MasonryGrid tiles={masonry.tiles} selected={[]} />
        <AboutMedia media={{ kind: "video", src: "/x.mp4", label: "X", width: null, height: null }} sizes="100vw" />
      </>,
    );
    expectStillVideos(container, { controls: true });
  });
});

describe("animation hooks under reduced motion", () => {
  function Probe() {
    const { ref, state } = useEntrance<HTMLDivElement>();
    return <div ref={ref} data-testid="probe" data-entrance={state} />;
  }

  it("useEntrance reports static, also below the fold and after scrolling in", () => {
    render(<Probe />);
    expect(entranceWhenScrolledIn(io, screen.getByTestId("probe"))).toEqual(["static", "static"]);
  });

  it("Gallery: the entrance stays static when the gallery starts below the fold", () => {
    const gallery = parseGallery({ ImageData: [{ _uid: "a", Image: asset("a.webp"), Name: "A" }] });
    inRouter(<Gallery items={gallery.items} selectedTags={[]} />);
    const section = screen.getByRole("region", { name: "Projekte" });
    const observer = io.observers.find((record) => record.elements.has(section))!;
    act(() => observer.trigger(false));
    expect(section.getAttribute("data-entrance")).toBe("static");
  });

  it("ScrollWeightHeadline: one static weight whatever the scroll position", () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal("cancelAnimationFrame", () => {});
    render(<ScrollWeightHeadline>Hafenkino</ScrollWeightHeadline>);
    const heading = screen.getByRole("heading", { level: 1 });
    for (const y of [0, 450, 1200]) {
      act(() => {
        window.scrollY = y;
        window.dispatchEvent(new Event("scroll"));
        for (const frame of frames.splice(0)) frame(0);
      });
      expect(heading.style.getPropertyValue("--headline-weight")).toBe(String(STATIC_WEIGHT));
    }
    window.scrollY = 0;
  });

  it("Footer: the logo word keeps its letters (the wave is CSS, stopped below)", () => {
    inRouter(<Footer blok={parseFooterContent({ body: [{ component: "footer_content", LogoBig: "Halbton" }] })} />);
    const word = screen.getByRole("img", { name: "Halbton" });
    expect([...word.querySelectorAll("[data-letter]")].map((letter) => letter.textContent).join("")).toBe("Halbton");
  });
});
