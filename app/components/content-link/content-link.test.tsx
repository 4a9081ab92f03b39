import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseLink } from "~/content/schema/values";
import { ContentLink } from "./content-link";

function renderLink(raw: unknown, label?: string) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ContentLink link={parseLink(raw)} className="box" label={label}>
          <span>content</span>
        </ContentLink>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("ContentLink", () => {
  it("links story links inside the site", () => {
    renderLink({ linktype: "story", cached_url: "articles/kiezkarte" });
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("/articles/kiezkarte");
    expect(link.getAttribute("target")).toBeNull();
  });

  it("opens external links in a new tab safely when the editor asked for it", () => {
    renderLink({ linktype: "url", url: "https://example.com/", target: "_blank" }, "Example");
    const link = screen.getByRole("link", { name: "Example" });
    expect(link.getAttribute("href")).toBe("https://example.com/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("is a plain box when the link is empty or unsafe", () => {
    const { container } = renderLink({ linktype: "url", url: "javascript:alert(1)" });
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.querySelector("div.box")?.textContent).toBe("content");
  });
});
