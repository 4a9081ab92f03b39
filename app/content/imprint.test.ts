import type { StoryblokClient } from "@storyblok/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadImprintPage, parseImprintStory } from "./imprint";

const heading = (level: number, text: string) => ({
  type: "heading",
  attrs: { level },
  content: [{ type: "text", text }],
});
const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const imprintText = (uid: string, ...content: unknown[]) => ({
  component: "imprint_text",
  _uid: uid,
  Text: { type: "doc", content },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("parseImprintStory", () => {
  it("reads every imprint_text blok, headed by the story's name", () => {
    const page = parseImprintStory({
      id: 5,
      name: "Impressum",
      content: {
        body: [
          imprintText("a", heading(1, "Impressum"), heading(1, "Angaben"), paragraph("GbR")),
          imprintText("b", paragraph("Datenschutz")),
        ],
      },
    });
    expect(page.title).toBe("Impressum");
    expect(page.blocks.map((block) => block.key)).toEqual(["a", "b"]);
    // the repeated page title is dropped, the other h1 becomes h2
    expect(page.blocks[0]!.text.content).toEqual([
      { type: "heading", attrs: { level: 2, textAlign: null }, content: [{ type: "text", text: "Angaben" }] },
      paragraph("GbR"),
    ]);
    expect(page.metaTitle).toBe("Impressum");
    expect(page.description).toBe("Angaben GbR");
  });

  it("logs unknown components and renders nothing for them", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const page = parseImprintStory({
      name: "Impressum",
      content: { body: [{ component: "banner", _uid: "x" }, imprintText("a", paragraph("p"))] },
    });
    expect(page.blocks).toHaveLength(1);
    expect(log).toHaveBeenCalledWith("Component banner doesn't exist.");
  });

  it("never throws on a malformed story", () => {
    for (const story of [
      undefined,
      null,
      "x",
      { content: { body: "x" } },
      { content: { body: [{ component: "imprint_text", Text: 5 }] } },
    ]) {
      expect(parseImprintStory(story)).toMatchObject({ title: "Impressum", blocks: [] });
    }
  });
});

describe("loadImprintPage", () => {
  it("asks for the imprint story in the given version", async () => {
    const get = vi.fn(async () => ({ data: { story: { name: "Impressum", content: { body: [] } } } }));
    await loadImprintPage({ get } as unknown as StoryblokClient, "draft");
    expect(get).toHaveBeenCalledWith("cdn/stories/imprint", { version: "draft" });
  });
});
