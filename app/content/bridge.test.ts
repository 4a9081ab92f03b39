import { afterEach, describe, expect, it, vi } from "vitest";
import { connectEditorBridge, isVisualEditorSearch } from "./bridge";

const sdk = vi.hoisted(() => ({
  loadStoryblokBridge: vi.fn(() => Promise.resolve()),
  registerStoryblokBridge: vi.fn(),
}));

vi.mock("@storyblok/react", () => sdk);

afterEach(() => {
  vi.clearAllMocks();
});

describe("isVisualEditorSearch", () => {
  it("recognises the editor's token parameter in both spellings", () => {
    expect(isVisualEditorSearch("?_storyblok=11&_storyblok_tk[space_id]=1&_storyblok_tk[token]=abc")).toBe(true);
    expect(isVisualEditorSearch("?_storyblok_tk=abc")).toBe(true);
    expect(isVisualEditorSearch("?_storyblok=11")).toBe(false);
    expect(isVisualEditorSearch("")).toBe(false);
  });

  it("ignores them in a production build, which shows published content only", () => {
    expect(isVisualEditorSearch("?_storyblok_tk[token]=x", "published")).toBe(false);
    expect(isVisualEditorSearch("?_storyblok_tk=1", "published")).toBe(false);
    expect(isVisualEditorSearch("?_storyblok_tk[token]=x", "draft")).toBe(true);
  });
});

describe("connectEditorBridge", () => {
  it("registers the open story with the relations the editor resolves, and hands on its input events", async () => {
    const onInput = vi.fn();
    await connectEditorBridge("?_storyblok=61&_storyblok_tk[token]=abc", onInput);
    expect(sdk.loadStoryblokBridge).toHaveBeenCalledTimes(1);
    expect(sdk.registerStoryblokBridge).toHaveBeenCalledWith(61, expect.any(Function), {
      resolveRelations: ["article_list.Articles"],
    });
    const fromBridge = sdk.registerStoryblokBridge.mock.calls[0]![1] as (story: unknown) => void;
    const story = { id: 61, content: { Title: "Edited" } };
    fromBridge(story);
    expect(onInput).toHaveBeenCalledWith(61, story);
  });

  it.each(["", "&_storyblok=", "&_storyblok=home", "&_storyblok=-3"])(
    "loads the bridge but registers nothing when the editor names no story (`%s`)",
    async (story) => {
      await connectEditorBridge(`?_storyblok_tk[token]=abc${story}`, vi.fn());
      expect(sdk.loadStoryblokBridge).toHaveBeenCalledTimes(1);
      expect(sdk.registerStoryblokBridge).not.toHaveBeenCalled();
    },
  );

  it("logs a bridge that cannot be loaded instead of failing the page", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    sdk.loadStoryblokBridge.mockRejectedValueOnce(new Error("offline"));
    await expect(connectEditorBridge("?_storyblok=61&_storyblok_tk[token]=abc", vi.fn())).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledWith("Visual editor bridge could not be loaded:", expect.any(Error));
    expect(sdk.registerStoryblokBridge).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
