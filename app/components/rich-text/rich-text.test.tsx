import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseRichText } from "~/content/rich-text";
import { RichText } from "./rich-text";

function renderDocument(raw: unknown) {
  const document = parseRichText(raw);
  const Stub = createRoutesStub([{ path: "/", Component: () => <RichText document={document} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => ({ type: "doc", content });
const link = (attrs: Record<string, unknown>) => ({ type: "link", attrs });

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
    expect(screen.getByRole("heading", { level: 3, name: "Heading three" })).toBeTruthy();
    expect(container.querySelector("p br")).not.toBeNull();
    expect(container.querySelector("hr")).not.toBeNull();
    expect(container.querySelector("blockquote p")?.textContent).toBe("Quoted");
    expect(container.querySelector("ul > li")?.textContent).toBe("Bullet");
    expect(container.querySelector("ol")?.getAttribute("start")).toBe("3");
    expect(container.querySelector("pre > code")?.textContent).toBe("const a = 1;");
    const image = screen.getByRole("img", { name: "A photo" });
    expect(image.getAttribute("src")).toBe(
      "https://a.storyblok.com/f/1/1600x900/abc/photo.jpg/m/1200x0/filters:quality(75):format(webp)",
    );
    expect(image.getAttribute("srcset")).toContain("/m/480x0/filters:quality(75):format(webp) 480w");
    expect(image.getAttribute("width")).toBe("1600");
    expect(image.getAttribute("height")).toBe("900");
    expect(image.getAttribute("title")).toBe("Photo title");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(screen.getByRole("img", { name: "smile" }).textContent).toBe("😄");
  });

  it("defaults a heading without a level to h2 and clamps levels to 1..6", () => {
    renderDocument(
      doc(
        { type: "heading", content: [text("No level")] },
        { type: "heading", attrs: { level: 9 }, content: [text("Nine")] },
      ),
    );
    expect(screen.getByRole("heading", { level: 2, name: "No level" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 6, name: "Nine" })).toBeTruthy();
  });

  it("keeps an SVG image untransformed", () => {
    renderDocument(doc({ type: "image", attrs: { src: "https://a.storyblok.com/f/1/40x40/abc/icon.svg", alt: "" } }));
    const image = document.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("https://a.storyblok.com/f/1/40x40/abc/icon.svg");
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

describe("RichText against hostile content", () => {
  const hostileHrefs = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "&#0000106avascript:alert(1)",
    "javascript&colon;alert(1)",
    "&amp;#106;avascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/",
    "/\\evil.example/",
    "\\\\evil.example/",
    'https://example.com/"onmouseover="alert(1)',
  ];

  it.each(hostileHrefs)("renders %j as text without a link", (href) => {
    const { container } = renderDocument(doc(paragraph(text("click", [link({ href, linktype: "url" })]))));
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toBe("click");
  });

  it("drops event handlers, style and unknown custom attributes", () => {
    renderDocument(
      doc(
        paragraph(
          text("click", [
            link({
              href: "https://example.com",
              linktype: "url",
              target: "_top",
              custom: {
                onmouseover: "alert(1)",
                onclick: "alert(1)",
                style: "position:fixed",
                class: "x",
                id: "y",
                rel: "opener evil",
                title: "ok",
              },
            }),
          ]),
        ),
      ),
    );
    const anchor = screen.getByRole("link", { name: "click" });
    const names = anchor.getAttributeNames().sort();
    expect(names).toEqual(["class", "href", "title"]);
    expect(anchor.getAttribute("class")).not.toContain("x ");
  });

  it("never injects raw HTML from text or attributes", () => {
    const { container } = renderDocument(
      doc(
        paragraph(text("<img src=x onerror=alert(1)><script>alert(1)</script>")),
        {
          type: "paragraph",
          attrs: { style: "color:red", onclick: "alert(1)", dangerouslySetInnerHTML: { __html: "<b>x</b>" } },
          content: [text("p")],
        },
        { type: "heading", attrs: { level: 2, id: "x", class: "evil" }, content: [text("h")] },
        { type: "image", attrs: { src: "javascript:alert(1)", alt: "bad" } },
        { type: "image", attrs: { src: "data:image/svg+xml,<svg onload=alert(1)>", alt: "bad" } },
        paragraph(
          text("coloured", [{ type: "textStyle", attrs: { color: "red;background:url(javascript:alert(1))" } }]),
        ),
        paragraph(text("anchor", [{ type: "anchor", attrs: { id: "__reactRouterContext" } }])),
        paragraph(text("styled", [{ type: "styled", attrs: { class: '" onclick="x' } }])),
        paragraph({ type: "emoji", attrs: { emoji: "<script>alert(1)</script>", name: "x" } }),
      ),
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect(container.textContent).toContain("<img src=x onerror=alert(1)>");
    for (const element of container.querySelectorAll("*")) {
      for (const name of element.getAttributeNames()) {
        expect(name).not.toMatch(/^on/i);
        expect(name).not.toBe("style");
      }
      expect(element.id).not.toBe("__reactRouterContext");
    }
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("h2")?.getAttribute("class")).toBeNull();
  });

  it("survives a deeply nested document", () => {
    let node: Record<string, unknown> = text("deep");
    for (let depth = 0; depth < 5000; depth += 1)
      node = { type: depth % 2 ? "bullet_list" : "list_item", content: [node] };
    expect(() => renderDocument(doc(node))).not.toThrow();
  });
});
