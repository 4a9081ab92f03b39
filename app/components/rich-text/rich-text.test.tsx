import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { doc, linkMark as link, paragraph, text } from "~/test/hostile-rich-text/documents";
import { renderRichText as renderDocument } from "~/test/render-in-router";

describe("RichText nodes", () => {
  it("renders every node type of SPEC section 3", () => {
    const { container } = renderDocument(
      doc(
        { type: "heading", attrs: { level: 3 }, content: [text("Heading three")] },
        paragraph(text("First line"), { type: "hard_break" }, text("second line")),
        { type: "horizontal_rule" },
        { type: "blockquote", content: [paragraph(text("Quoted"))] },
        { type: "bullet_list", content: [{ type: "list_item", content: [paragraph(text("Bullet"))] }] },
        {
          type: "ordered_list",
          attrs: { order: 3 },
          content: [{ type: "list_item", content: [paragraph(text("Third"))] }],
        },
        { type: "code_block", attrs: { class: "language-js" }, content: [text("const a = 1;")] },
        {
          type: "image",
          attrs: { src: "https://a.storyblok.com/f/1/1600x900/abc/photo.jpg", alt: "A photo", title: "Photo title" },
        },
        paragraph({ type: "emoji", attrs: { name: "smile", emoji: "😄", fallbackImage: "x.png" } }),
      ),
    );
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe("Heading three");
    expect(container.querySelector("p br")).not.toBeNull();
    expect(container.querySelector("hr")).not.toBeNull();
    expect(container.querySelector("blockquote p")?.textContent).toBe("Quoted");
    expect(container.querySelector("ul > li")?.textContent).toBe("Bullet");
    expect(container.querySelector("ol")?.getAttribute("start")).toBe("3");
    expect(container.querySelector("pre > code")?.textContent).toBe("const a = 1;");
    const image = screen.getByRole("img", { name: "A photo" });
    // fetched near the viewport: its renditions wait in data-srcset
    expect(image.getAttribute("data-srcset")).toContain(
      "https://a.storyblok.com/f/1/1600x900/abc/photo.jpg/m/480x0/filters:quality(75):format(webp) 480w",
    );
    expect(image.getAttribute("width")).toBe("1600");
    expect(image.getAttribute("height")).toBe("900");
    expect(image.getAttribute("title")).toBe("Photo title");
    expect(image.hasAttribute("data-lazy")).toBe(true);
    expect(screen.getByRole("img", { name: "smile" }).textContent).toBe("😄");
  });

  it("defaults a heading without a level to h2 and clamps levels to 1..6", () => {
    renderDocument(
      doc(
        { type: "heading", content: [text("No level")] },
        { type: "heading", attrs: { level: 9 }, content: [text("Nine")] },
      ),
    );
    expect(screen.getAllByRole("heading").map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ["H2", "No level"],
      ["H6", "Nine"],
    ]);
  });

  it("keeps an SVG image untransformed", () => {
    renderDocument(doc({ type: "image", attrs: { src: "https://a.storyblok.com/f/1/40x40/abc/icon.svg", alt: "" } }));
    const image = document.querySelector("img")!;
    expect(image.getAttribute("data-srcset")).toBe("https://a.storyblok.com/f/1/40x40/abc/icon.svg");
    expect(image.hasAttribute("srcset")).toBe(false);
  });

  it("renders nothing for a missing or malformed document", () => {
    for (const raw of [undefined, null, "text", 42, [], { type: "doc" }, { type: "doc", content: "x" }]) {
      const { container, unmount } = renderDocument(raw);
      expect(container.textContent).toBe("");
      unmount();
    }
  });

  it("keeps the text of unknown containers and drops bloks", () => {
    const { container } = renderDocument(
      doc(
        {
          type: "table",
          content: [{ type: "tableRow", content: [{ type: "tableCell", content: [paragraph(text("Cell"))] }] }],
        },
        { type: "blok", attrs: { body: [{ component: "evil", _uid: "1" }] } },
      ),
    );
    expect(container.querySelector("table")).toBeNull();
    expect(container.textContent).toBe("Cell");
  });
});

describe("RichText marks", () => {
  it("renders every mark of SPEC section 3", () => {
    const { container } = renderDocument(
      doc(
        paragraph(
          text("bold", [{ type: "bold" }]),
          text("strong", [{ type: "strong" }]),
          text("italic", [{ type: "italic" }]),
          text("strike", [{ type: "strike" }]),
          text("underline", [{ type: "underline" }]),
          text("code", [{ type: "code" }]),
          text("sub", [{ type: "subscript" }]),
          text("sup", [{ type: "superscript" }]),
          text("highlight", [{ type: "highlight", attrs: { color: "#ffff00" } }]),
          text("coloured", [{ type: "textStyle", attrs: { color: "rgb(200, 0, 0)" } }]),
          text("styled", [{ type: "styled", attrs: { class: "fancy" } }]),
          text("anchored", [{ type: "anchor", attrs: { id: "section-one" } }]),
        ),
      ),
    );
    expect(container.querySelectorAll("strong")).toHaveLength(2);
    expect(container.querySelector("em")?.textContent).toBe("italic");
    expect(container.querySelector("s")?.textContent).toBe("strike");
    expect(container.querySelector("u")?.textContent).toBe("underline");
    expect(container.querySelector("code")?.textContent).toBe("code");
    expect(container.querySelector("sub")?.textContent).toBe("sub");
    expect(container.querySelector("sup")?.textContent).toBe("sup");
    const highlight = container.querySelector("mark") as HTMLElement;
    expect(highlight.textContent).toBe("highlight");
    expect(highlight.style.backgroundColor).toBe("rgb(255, 255, 0)");
    const coloured = [...container.querySelectorAll("span")].find((span) => span.textContent === "coloured")!;
    expect(coloured.style.color).toBe("rgb(200, 0, 0)");
    expect(container.querySelector("span.fancy")?.textContent).toBe("styled");
    expect(container.querySelector("#section-one")?.textContent).toBe("anchored");
  });

  it("gives a passage marked with a language style option that language, and keeps its other classes", () => {
    const { container } = renderDocument(
      doc(
        paragraph(
          text("Erst danach wurde gezeichnet. "),
          text("We started with research.", [{ type: "styled", attrs: { class: "lang-en" } }]),
          text(" Auf Deutsch ", [{ type: "styled", attrs: { class: "lead lang-de" } }]),
          // not one of the site's languages: a class like any other
          text("Bonjour", [{ type: "styled", attrs: { class: "lang-fr" } }]),
        ),
      ),
    );
    const spans = [...container.querySelectorAll("p span")];
    expect(spans.map((span) => [span.textContent, span.getAttribute("lang"), span.getAttribute("class")])).toEqual([
      ["We started with research.", "en", null],
      [" Auf Deutsch ", "de", "lead"],
      ["Bonjour", null, "lang-fr"],
    ]);
  });

  it("renders url, email, anchor and story links; internal ones through the router", () => {
    renderDocument(
      doc(
        paragraph(
          text("external", [link({ href: "https://example.com/x", linktype: "url", target: "_blank" })]),
          text("mail", [link({ href: "hello@example.com", linktype: "email" })]),
          text("phone", [link({ href: "tel:+491234", linktype: "url" })]),
          text("story", [link({ href: "/about", linktype: "story", anchor: "team" })]),
          text("hash", [link({ href: "#top", linktype: "url" })]),
          text("titled", [
            link({ href: "https://example.com", linktype: "url", custom: { title: "Example", rel: "nofollow" } }),
          ]),
        ),
      ),
    );
    const external = screen.getByRole("link", { name: "external" });
    expect(external.getAttribute("href")).toBe("https://example.com/x");
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByRole("link", { name: "mail" }).getAttribute("href")).toBe("mailto:hello@example.com");
    expect(screen.getByRole("link", { name: "phone" }).getAttribute("href")).toBe("tel:+491234");
    const story = screen.getByRole("link", { name: "story" });
    expect(story.getAttribute("href")).toBe("/about#team");
    expect(story.hasAttribute("target")).toBe(false);
    expect(screen.getByRole("link", { name: "hash" }).getAttribute("href")).toBe("#top");
    const titled = screen.getByRole("link", { name: "titled" });
    expect(titled.getAttribute("title")).toBe("Example");
    expect(titled.getAttribute("rel")).toBe("nofollow");
  });

  it("groups adjacent text with the same link into one anchor", () => {
    const mark = link({ href: "https://example.com", linktype: "url" });
    renderDocument(doc(paragraph(text("one ", [mark]), text("two", [mark, { type: "bold" }]))));
    const anchor = screen.getByRole("link");
    expect(anchor.textContent).toBe("one two");
    expect(anchor.querySelector("strong")?.textContent).toBe("two");
  });
});
