import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickOtherProjects, type OtherProject } from "~/content/article";
import { mockMatchMedia } from "~/test/browser-mocks";
import { OtherProjects } from "./other-projects";

const project = (slug: string): OtherProject => ({
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

describe("OtherProjects", () => {
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
