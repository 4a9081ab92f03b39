import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseImprintStory, type ImprintPage } from "~/content/imprint";
import Imprint, { meta } from "./imprint";
import { metaFor, renderLoadingUntil } from "~/test/route-tests";

const page = parseImprintStory({
  id: 1,
  name: "Impressum",
  content: {
    body: [
      {
        component: "imprint_text",
        _uid: "a",
        Text: {
          type: "doc",
          content: [
            { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Impressum" }] },
            { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Angaben gemäß § 5 DDG" }] },
            { type: "paragraph", content: [{ type: "text", text: "Studio Halbton GbR" }] },
          ],
        },
      },
      {
        component: "imprint_text",
        _uid: "b",
        Text: {
          type: "doc",
          content: [
            {
              type: "paragraph",
              content: [
                {
                  type: "text",
                  text: "Mail",
                  marks: [{ type: "link", attrs: { href: "hallo@example.com", linktype: "email" } }],
                },
              ],
            },
          ],
        },
      },
    ],
  },
});

function renderImprint(data: ImprintPage | Promise<ImprintPage>) {
  const Stub = createRoutesStub([{ path: "/imprint", Component: Imprint as never, loader: () => ({ page: data }) }]);
  return render(<Stub initialEntries={["/imprint"]} />);
}

describe("Imprint route", () => {
  it("renders all imprint_text blocks under one heading from the story name", async () => {
    renderImprint(page);
    await screen.findByRole("heading", { level: 1, name: "Impressum" });
    expect(screen.getAllByRole("heading").map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ["H1", "Impressum"],
      ["H2", "Angaben gemäß § 5 DDG"],
    ]);
    expect(screen.getByText("Studio Halbton GbR").tagName).toBe("P");
    expect(screen.getByRole("link", { name: "Mail" }).getAttribute("href")).toBe("mailto:hallo@example.com");
  });

  it("shows 'Laden...' while the story is on its way", async () => {
    await renderLoadingUntil(renderImprint, "Laden...", page);
    await screen.findByText("Studio Halbton GbR");
    expect(screen.queryByText("Laden...")).toBeNull();
  });

  it("takes title and description from the content", () => {
    const tags = metaFor(meta, { page });
    expect(tags).toContainEqual({ title: "Studio Halbton — Impressum" });
    expect(tags).toContainEqual({ name: "description", content: "Angaben gemäß § 5 DDG Studio Halbton GbR" });
  });
});
