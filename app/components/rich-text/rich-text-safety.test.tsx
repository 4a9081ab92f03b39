import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { doc, linkMark as link, paragraph, text } from "~/test/hostile-rich-text/documents";
import { renderRichText as renderDocument } from "~/test/render-in-router";

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
