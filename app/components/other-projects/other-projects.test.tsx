import { act, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
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
  vi.restoreAllMocks();
});

const titles = () => screen.getAllByRole("link").map((link) => link.textContent);

describe("OtherProjects", () => {
  const candidates = ["a", "b", "c", "d", "e", "f"].map(project);

  it("prerenders the first two candidates", () => {
    const Stub = createRoutesStub([{ path: "*", Component: () => <OtherProjects projects={candidates} /> }]);
    const html = renderToString(<Stub initialEntries={["/articles/current"]} />);
    expect(html.match(/href="\/articles\/[a-f]"/g)).toEqual(['href="/articles/a"', 'href="/articles/b"']);
  });

  it("draws two candidates at random in the browser, so that visits differ", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    renderProjects(candidates);
    // the draw is made in an effect after the first paint, which already shows the prerendered two
    await waitFor(() => expect(titles()).toEqual(["Title f", "Title a"]));
  });

  it("keeps the prerendered two when the section is already in view (no visible swap)", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    const measure = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue(DOMRect.fromRect({ y: 10, height: 300 }));
    renderProjects(candidates);
    // the effect that would swap them measures the section first: once it has, the choice is made
    await waitFor(() => expect(measure).toHaveBeenCalled());
    expect(titles()).toEqual(["Title a", "Title b"]);
  });

  it("shows two other articles with image, title and link, never the current one", async () => {
    const all = ["current", "a", "b", "c"].map(project);
    renderProjects(pickOtherProjects(all, "current"));
    await screen.findByRole("heading", { level: 2, name: "Other Projects" });
    const links = screen.getAllByRole("link");
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
    await waitFor(() => expect(titles()).toEqual(["Title f", "Title a"]));
    // a new draw would now deal the first two
    vi.spyOn(Math, "random").mockReturnValue(0);
    act(() => showProjects(candidates.map((p) => (p.slug === "f" ? { ...p, title: "Edited f" } : p))));
    expect(titles()).toEqual(["Edited f", "Title a"]);
    // other articles are a new pool: drawn anew
    act(() => showProjects(["g", "h", "i"].map(project)));
    expect(titles()).toEqual(["Title g", "Title h"]);
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
