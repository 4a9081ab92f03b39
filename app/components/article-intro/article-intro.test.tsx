import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseArticleStory } from "~/content/article";
import { ArticleIntro } from "./article-intro";

function renderIntro(content: Record<string, unknown>) {
  const article = parseArticleStory({ name: "Project", content });
  const Stub = createRoutesStub([{ path: "/", Component: () => <ArticleIntro {...article} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

const info = [
  { component: "info", Client: "Hafenkino Treptow", Services: "Identity, Posters", Headline01: "Posters for dusk" },
];
const Icon = { filename: "https://a.storyblok.com/f/287401/32x32/abc/arrow.svg", alt: "Pfeil" };
const Text = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Body text" }] }] };

describe("ArticleIntro", () => {
  it("shows the client label, services, the info headline and the text", async () => {
    renderIntro({ info, Text });
    const intro = await screen.findByRole("region", { name: "Hafenkino Treptow" });
    expect([...intro.querySelectorAll("p, h2")].map((element) => element.textContent)).toEqual([
      "Hafenkino Treptow",
      "Identity, Posters",
      "Posters for dusk",
      "Body text",
    ]);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Posters for dusk");
  });

  it("says the language of a text that is not the page's, and only of those", async () => {
    const article = parseArticleStory({ name: "Project", content: { info, Text } });
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => <ArticleIntro {...article} languages={{ headline: "en", text: "en", infoHeadline: "de" }} />,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const heading = await screen.findByRole("heading", { level: 2 });
    expect(heading.hasAttribute("lang")).toBe(false);
    expect(screen.getByText("Body text").closest("[lang]")?.getAttribute("lang")).toBe("en");
  });

  it("shows the link with its title and a decorative arrow icon", async () => {
    renderIntro({
      info,
      Icon,
      Link: { linktype: "url", url: "https://kino.example", target: "_blank", title: "Zum Kino" },
    });
    const link = await screen.findByRole("link", { name: "Zum Kino" });
    expect(link.getAttribute("href")).toBe("https://kino.example");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    const icon = link.querySelector("img")!;
    expect(icon.getAttribute("alt")).toBe("");
    expect(icon.getAttribute("data-srcset")).toBe(Icon.filename);
    expect(icon.getAttribute("width")).toBe("32");
  });

  it("links a story through the router", async () => {
    renderIntro({ info, Link: { linktype: "story", cached_url: "articles/koernung", title: "Mehr" } });
    expect((await screen.findByRole("link", { name: "Mehr" })).getAttribute("href")).toBe("/articles/koernung");
  });

  it("leaves the link out when it is empty", async () => {
    renderIntro({ info, Icon, Link: { linktype: "story", cached_url: "", url: "" } });
    await screen.findByText("Hafenkino Treptow");
    expect(screen.queryByRole("link")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
  });
});
