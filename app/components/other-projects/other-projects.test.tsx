import { act, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, ScrollRestoration } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickOtherProjects, type OtherProject } from "~/content/other-projects";
import { OtherProjects } from "./other-projects";

const project = (slug: string): OtherProject => ({
  storyId: null,
  slug,
  href: `/articles/${slug}`,
  title: `Title ${slug}`,
  image: `https://a.storyblok.com/f/287401/1600x1000/abc/${slug}.webp`,
  alt: `Alt ${slug}`,
  width: 1600,
  height: 1000,
});

function renderProjects(projects: OtherProject[]) {
  const Stub = createRoutesStub([
    { path: "/articles/current", Component: () => <OtherProjects projects={projects} /> },
    { path: "/articles/:slug", Component: () => <p>next article</p> },
  ]);
  return render(<Stub initialEntries={["/articles/current"]} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The titles of the cards shown: the page carries the whole pool, the stylesheet shows the drawn ones. */
const titles = (within: ParentNode = document) =>
  [...within.querySelectorAll("li[data-picked] a")].map((link) => link.lastElementChild?.textContent);

describe("OtherProjects", () => {
  const candidates = ["a", "b", "c", "d", "e", "f"].map(project);

  it("prerenders the whole pool with the first two shown, marked for the draw before the first paint", () => {
    vi.stubEnv("SSR", true);
    const Stub = createRoutesStub([{ path: "*", Component: () => <OtherProjects projects={candidates} /> }]);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Stub initialEntries={["/articles/current"]} />);
    expect(container.querySelectorAll("li a")).toHaveLength(6);
    expect(titles(container)).toEqual(["Title a", "Title b"]);
    // the draw before the first paint is the build's plain script after the list (pipeline/islands.ts), no React's
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector('ul + [data-behaviour="other-projects"]')?.innerHTML).toBe("");
    // without scripts only the first two show: only they carry an image for that
    expect([...container.querySelectorAll("li")].map((item) => item.querySelector("noscript") !== null)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("draws two candidates at random in a page the browser renders, so that visits differ", () => {
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    renderProjects(candidates);
    // drawn before the first render: no other two were ever shown
    expect(titles()).toEqual(["Title a", "Title f"]);
  });

  it("keeps the draw the prerendered page's script made when it hydrates: nothing shown changes", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const Stub = createRoutesStub([{ path: "*", Component: () => <OtherProjects projects={candidates} /> }]);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<Stub initialEntries={["/articles/current"]} />);
    // what the script drew: the third and the fifth
    container
      .querySelectorAll("li")
      .forEach((item, index) => item.toggleAttribute("data-picked", [2, 4].includes(index)));
    const consoleError = vi.spyOn(console, "error");
    await act(async () => {
      hydrateRoot(container, <Stub initialEntries={["/articles/current"]} />);
    });
    expect(titles(container)).toEqual(["Title c", "Title e"]);
    expect(consoleError).not.toHaveBeenCalled();
    container.remove();
  });

  it("shows two other articles with image, title and link, never the current one", async () => {
    const all = ["current", "a", "b", "c"].map(project);
    renderProjects(pickOtherProjects(all, "current"));
    await screen.findByRole("heading", { level: 2, name: "Other Projects" });
    const links = [...document.querySelectorAll("li[data-picked] a")];
    expect(links).toHaveLength(2);
    for (const link of links) {
      const slug = link.getAttribute("href")!.replace("/articles/", "");
      expect(slug).not.toBe("current");
      expect(link.textContent).toContain(`Title ${slug}`);
      expect(link.querySelector("img")?.getAttribute("alt")).toBe(`Alt ${slug}`);
    }
  });

  it("opens the next article at the top: the router's reset once it has rendered, no smooth scroll racing it", async () => {
    // ScrollRestoration's inline script serves server-rendered pages; React notes it in a client render
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const calls: Array<{ args: unknown[]; next: boolean }> = [];
    vi.stubGlobal("scrollTo", (...args: unknown[]) =>
      calls.push({ args, next: screen.queryByText("next article") !== null }),
    );
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <Outlet />
            <ScrollRestoration />
          </>
        ),
        children: [
          { path: "articles/current", Component: () => <OtherProjects projects={[project("a"), project("b")]} /> },
          { path: "articles/:slug", Component: () => <p>next article</p> },
        ],
      },
    ]);
    render(<Stub initialEntries={["/articles/current"]} />);
    calls.length = 0;
    await userEvent.click(await screen.findByRole("link", { name: /Title a/ }));
    await screen.findByText("next article");
    await waitFor(() => expect(calls).toEqual([{ args: [0, 0], next: true }]));
    for (const [message] of consoleError.mock.calls) expect(String(message)).toMatch(/^Encountered a script tag/);
  });

  it("keeps the cards it drew when one of their articles changes (a visual editor edit), showing the change", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    let showProjects: (projects: OtherProject[]) => void = () => {};
    function Page() {
      const [projects, setProjects] = useState(candidates);
      showProjects = setProjects;
      return <OtherProjects projects={projects} />;
    }
    const Stub = createRoutesStub([{ path: "/articles/current", Component: Page }]);
    render(<Stub initialEntries={["/articles/current"]} />);
    expect(titles()).toEqual(["Title a", "Title f"]);
    // a new draw would now deal the first two
    vi.spyOn(Math, "random").mockReturnValue(0);
    act(() => showProjects(candidates.map((p) => (p.slug === "f" ? { ...p, title: "Edited f" } : p))));
    expect(titles()).toEqual(["Title a", "Edited f"]);
    // other articles are a new pool: drawn anew
    act(() => showProjects(["g", "h", "i"].map(project)));
    expect(titles()).toEqual(["Title g", "Title h"]);
  });

  it("marks a card's alt text with its language where it is not the page's, and an alt text that repeats the title not at all", () => {
    const Stub = createRoutesStub([
      {
        path: "/en/articles/current",
        Component: () => (
          <OtherProjects
            projects={[
              { ...project("a"), altLanguage: "de" },
              { ...project("b"), alt: "Title b" },
            ]}
          />
        ),
      },
    ]);
    const { container } = render(<Stub initialEntries={["/en/articles/current"]} />);
    const images = [...container.querySelectorAll("img")];
    expect(images.map((img) => [img.getAttribute("alt"), img.getAttribute("lang")])).toEqual([
      ["Alt a", "de"],
      ["", null],
    ]);
  });

  it("renders nothing when there are no other articles", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <article>
            <h1>Current</h1>
            <OtherProjects projects={[]} />
          </article>
        ),
      },
    ]);
    const { container } = render(<Stub initialEntries={["/"]} />);
    await screen.findByRole("heading", { level: 1, name: "Current" });
    expect(container.querySelector("section")).toBeNull();
  });
});
