import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseAboutStory, type AboutPage } from "~/content/about";
import { mockMatchMedia } from "~/test/browser-mocks";
import About, { clientLoader, meta } from "./about";
import { answerContentWith, clientLoaderArgs, metaFor, renderLoadingUntil } from "~/test/route-tests";

const text = (value: string) => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: value }] }],
});

const page: AboutPage = parseAboutStory({
  id: 9,
  name: "About",
  content: {
    body: [
      { component: "about_block", _uid: "b1", Headline: "Wir sind Halbton", Text: text("Studio text") },
      {
        component: "overview",
        _uid: "b2",
        Headline: "Was wir machen",
        Items: [
          {
            _uid: "i1",
            Headline: "Werkstatt",
            Asset: { filename: "https://a.storyblok.com/f/1/1200x800/a/w.jpg", alt: "Werkstatt" },
            Text: text("Druck"),
          },
        ],
      },
      { component: "unknown_thing", _uid: "b3" },
      { component: "about_block", _uid: "b4", Text: text("No headline here") },
      {
        component: "masonry",
        _uid: "b5",
        Headline: "Aus dem Archiv",
        Tiles: [
          {
            _uid: "t1",
            Media: { filename: "https://a.storyblok.com/f/1/800x1120/a/t.webp", alt: "Tile" },
            Info: "Info",
            Tags: ["Poster"],
          },
        ],
      },
    ],
  },
});

function renderAbout(data: AboutPage | Promise<AboutPage>) {
  const Stub = createRoutesStub([
    { path: "/about", Component: About as never, loader: () => ({ page: data }) },
    { path: "/", Component: () => <p>home</p> },
  ]);
  return render(<Stub initialEntries={["/about"]} />);
}

beforeEach(() => {
  mockMatchMedia(() => false);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.className = "";
});

describe("About route", () => {
  it("renders the body blocks in order; an unknown component is logged and renders nothing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = renderAbout(page);
    await screen.findByRole("heading", { level: 2, name: "Wir sind Halbton" });
    const blocks = [...container.querySelectorAll<HTMLElement>(".stagger")];
    expect(blocks.map((block) => block.querySelector("h2")?.textContent ?? block.textContent)).toEqual([
      "Wir sind Halbton",
      "Was wir machen",
      "No headline here",
      "Aus dem Archiv",
    ]);
    expect(within(blocks[1]!).getByRole("img").getAttribute("alt")).toBe("Werkstatt");
    expect(within(blocks[3]!).getByRole<HTMLInputElement>("checkbox").value).toBe("Poster");
    expect(log).toHaveBeenCalledWith("Component unknown_thing doesn't exist.");
  });

  it("staggers the blocks by 0.15 s, each fading in for 0.6 s", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = renderAbout(page);
    await screen.findByText("Studio text");
    const blocks = [...container.querySelectorAll<HTMLElement>(".stagger")];
    expect(blocks.map((block) => block.style.getPropertyValue("--about-delay"))).toEqual([
      "0s",
      "0.15s",
      "0.3s",
      "0.45s",
    ]);
    expect(blocks.map((block) => block.style.getPropertyValue("--about-duration"))).toEqual([
      "0.6s",
      "0.6s",
      "0.6s",
      "0.6s",
    ]);
    // only the block without a delay starts its fade at 1 % (about.module.css)
    expect(blocks.map((block) => block.classList.contains("first"))).toEqual([true, false, false, false]);
  });

  it("fetches the first block's first image with the page, at high priority; the others load near the viewport", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const [aboutBlock, overview, ...rest] = page.body;
    renderAbout({ ...page, body: [overview!, aboutBlock!, ...rest] });
    const first = await screen.findByRole("img", { name: "Werkstatt" });
    expect(first.getAttribute("fetchpriority")).toBe("high");
    expect(first.hasAttribute("data-lazy")).toBe(false);
    // the tile's, not its figure's in the full-screen view
    const tile = screen.getAllByRole("img", { name: "Tile" })[0]!;
    expect(tile.hasAttribute("fetchpriority")).toBe(false);
    expect(tile.hasAttribute("data-lazy")).toBe(true);
  });

  it("leaves an image outside the first block, held back by the stagger, to load after the first paint", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAbout(page);
    const image = await screen.findByRole("img", { name: "Werkstatt" });
    expect(image.hasAttribute("fetchpriority")).toBe(false);
    expect(image.hasAttribute("data-lazy")).toBe(true);
  });

  it("gives the body its orange class while shown and removes it on leaving", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { unmount } = renderAbout(page);
    // added by an effect, which may run after the page's text is in the document
    await waitFor(() => expect(document.body.classList.contains("about-page")).toBe(true));
    unmount();
    expect(document.body.classList.contains("about-page")).toBe(false);
  });

  it("shows 'Laden...' while the story is on its way, with the orange body already on", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await renderLoadingUntil(renderAbout, "Laden...", page, () =>
      waitFor(() => expect(document.body.classList.contains("about-page")).toBe(true)),
    );
    await screen.findByText("Studio text");
    expect(screen.queryByText("Laden...")).toBeNull();
  });
});

describe("about.module.css", () => {
  const css = readFileSync(path.resolve("app/routes/about.module.css"), "utf8");

  it("paints the body orange (#F388CC) while the page is shown", () => {
    expect(css).toMatch(/:global\(body\.about-page\)/);
    expect(css.toLowerCase()).toContain("#f388cc");
  });
});

describe("About meta", () => {
  it("takes title and description from the content", () => {
    const tags = metaFor(meta, { page });
    expect(tags).toContainEqual({ title: "Studio Halbton — About" });
    expect(tags).toContainEqual({ name: "description", content: "Studio text" });
  });
});

describe("About clientLoader", () => {
  const args = (url: string, serverLoader: () => Promise<unknown>) =>
    clientLoaderArgs<Parameters<typeof clientLoader>[0]>(url, serverLoader);

  it("reads the published story from the content service when the page was not prerendered", async () => {
    const get = answerContentWith(async () => ({ data: { story: { name: "About", content: { body: [] } } } }));
    const data = await clientLoader(args("http://site/about", () => Promise.reject(new Error("no .data"))));
    expect(data.page).toBeInstanceOf(Promise);
    expect(await data.page).toMatchObject({ name: "About" });
    expect(get).toHaveBeenCalledWith("cdn/stories/about", { version: "published" });
  });

  it("in the visual editor, reads the draft it edits (never the prerendered data)", async () => {
    const get = answerContentWith(async () => ({ data: { story: { name: "About draft", content: { body: [] } } } }));
    const serverLoader = vi.fn(() => Promise.resolve({ page: { name: "prerendered" } }));
    const data = await clientLoader(args("http://site/about?_storyblok=6&_storyblok_tk[token]=abc", serverLoader));
    expect(await data.page).toMatchObject({ name: "About draft" });
    expect(get).toHaveBeenCalledWith("cdn/stories/about", { version: "draft" });
    expect(serverLoader).not.toHaveBeenCalled();
  });
});
