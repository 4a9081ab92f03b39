import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickOtherProjects, type OtherProject } from "~/content/other-projects";
import { mockMatchMedia } from "~/test/browser-mocks";
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
    await screen.findByRole("heading", { level: 2, name: "Other Projects" });
    expect(titles()).toEqual(["Title f", "Title a"]);
  });

  it("keeps the prerendered two when the section is already in view (no visible swap)", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ y: 10, height: 300 }));
    renderProjects(candidates);
    await screen.findByRole("heading", { level: 2, name: "Other Projects" });
    expect(titles()).toEqual(["Title a", "Title b"]);
  });

  it("shows two other articles with image, title and link, never the current one", async () => {
    const all = ["current", "a", "b", "c"].map(project);
    renderProjects(pickOtherProjects(all, "current"));
    expect(await screen.findByRole("heading", { level: 2, name: "Other Projects" })).toBeTruthy();
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(2);
    for (const link of links) {
      const slug = link.getAttribute("href")!.replace("/articles/", "");
      expect(slug).not.toBe("current");
      expect(link.textContent).toContain(`Title ${slug}`);
      expect(link.querySelector("img")?.getAttribute("alt")).toBe(`Alt ${slug}`);
    }
  });

  it("scrolls to the top when a card is followed", async () => {
    mockMatchMedia(() => false);
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    renderProjects([project("a"), project("b")]);
    await userEvent.click(await screen.findByRole("link", { name: /Title a/ }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: "smooth" });
    expect(await screen.findByText("next article")).toBeTruthy();
  });

  it("scrolls instantly under reduced motion", async () => {
    mockMatchMedia((query) => query.includes("prefers-reduced-motion"));
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    renderProjects([project("a"), project("b")]);
    await userEvent.click(await screen.findByRole("link", { name: /Title b/ }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: "instant" });
  });

  it("renders nothing when there are no other articles", async () => {
    const { container } = renderProjects([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector("section")).toBeNull();
  });
});
