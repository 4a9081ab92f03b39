import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ISbStoryData } from "@storyblok/react";
import { isVisualEditorSearch, useLiveStory } from "./bridge";

const sdk = vi.hoisted(() => ({
  imported: 0,
  loadStoryblokBridge: vi.fn(() => Promise.resolve()),
  registerStoryblokBridge: vi.fn(),
}));

vi.mock("@storyblok/react", () => {
  sdk.imported += 1;
  return { loadStoryblokBridge: sdk.loadStoryblokBridge, registerStoryblokBridge: sdk.registerStoryblokBridge };
});

function Title({ storyId, title }: { storyId: number; title: string }) {
  const view = useLiveStory(storyId, title, (story) => String((story.content as { Title?: unknown }).Title ?? ""));
  return <h1>{view}</h1>;
}

afterEach(() => {
  window.history.replaceState({}, "", "/");
});

describe("isVisualEditorSearch", () => {
  it("recognises the editor's token parameter in both spellings", () => {
    expect(isVisualEditorSearch("?_storyblok=11&_storyblok_tk[space_id]=1&_storyblok_tk[token]=abc")).toBe(true);
    expect(isVisualEditorSearch("?_storyblok_tk=abc")).toBe(true);
    expect(isVisualEditorSearch("?_storyblok=11")).toBe(false);
    expect(isVisualEditorSearch("")).toBe(false);
  });
});

describe("useLiveStory", () => {
  it("outside the visual editor shows the prerendered view and loads no bridge code", async () => {
    render(<Title storyId={1} title="Prerendered" />);
    expect(screen.getByRole("heading").textContent).toBe("Prerendered");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sdk.imported).toBe(0);
    expect(sdk.loadStoryblokBridge).not.toHaveBeenCalled();
  });

  it("in the visual editor loads the bridge and shows each input event's story", async () => {
    window.history.replaceState({}, "", "/?_storyblok=21&_storyblok_tk[token]=abc");
    render(<Title storyId={21} title="Prerendered" />);
    await waitFor(() => expect(sdk.registerStoryblokBridge).toHaveBeenCalledWith(21, expect.any(Function), {}));
    expect(sdk.loadStoryblokBridge).toHaveBeenCalled();
    const onInput = sdk.registerStoryblokBridge.mock.calls.at(-1)![1] as (story: ISbStoryData) => void;

    act(() => onInput({ id: 21, content: { Title: "Edited live" } } as unknown as ISbStoryData));
    await waitFor(() => expect(screen.getByRole("heading").textContent).toBe("Edited live"));
  });

  it("applies edits in order even when the parser is async", async () => {
    window.history.replaceState({}, "", "/?_storyblok=41&_storyblok_tk[token]=abc");
    sdk.registerStoryblokBridge.mockClear();
    // each edit's parse finishes when the test says so
    const parses = new Map<string, () => void>();
    const parse = (story: ISbStoryData) => {
      const title = String((story.content as { Title?: unknown }).Title);
      return new Promise<string>((resolve) => parses.set(title, () => resolve(title)));
    };
    function Slow() {
      return <h1>{useLiveStory(41, "start", parse)}</h1>;
    }
    render(<Slow />);
    await waitFor(() => expect(sdk.registerStoryblokBridge).toHaveBeenCalled());
    const onInput = sdk.registerStoryblokBridge.mock.calls[0]![1] as (story: ISbStoryData) => void;
    act(() => {
      onInput({ id: 41, content: { Title: "first" } } as unknown as ISbStoryData);
      onInput({ id: 41, content: { Title: "second" } } as unknown as ISbStoryData);
    });
    // the newer edit waits for the older one's parse, so the older can never land last
    await waitFor(() => expect([...parses.keys()]).toEqual(["first"]));
    await act(async () => parses.get("first")!());
    await waitFor(() => expect(screen.getByRole("heading").textContent).toBe("first"));
    await waitFor(() => expect([...parses.keys()]).toEqual(["first", "second"]));
    await act(async () => parses.get("second")!());
    await waitFor(() => expect(screen.getByRole("heading").textContent).toBe("second"));
  });

  it("registers each story with the bridge once, however many components show it", async () => {
    window.history.replaceState({}, "", "/?_storyblok=31&_storyblok_tk[token]=abc");
    sdk.registerStoryblokBridge.mockClear();
    render(
      <>
        <Title storyId={31} title="A" />
        <Title storyId={31} title="A" />
      </>,
    );
    await waitFor(() => expect(sdk.registerStoryblokBridge).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sdk.registerStoryblokBridge).toHaveBeenCalledTimes(1);
    const onInput = sdk.registerStoryblokBridge.mock.calls[0]![1] as (story: ISbStoryData) => void;
    act(() => onInput({ id: 31, content: { Title: "B" } } as unknown as ISbStoryData));
    await waitFor(() =>
      expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual(["B", "B"]),
    );
  });
});

describe("useLiveStory in the editor's preview", () => {
  it("passes the bridge its options (relations the editor resolves)", async () => {
    window.history.replaceState({}, "", "/?_storyblok=61&_storyblok_tk[token]=abc");
    sdk.registerStoryblokBridge.mockClear();
    function List() {
      return <p>{useLiveStory(61, "x", () => "y", { resolveRelations: ["article_list.Articles"] })}</p>;
    }
    render(<List />);
    await waitFor(() =>
      expect(sdk.registerStoryblokBridge).toHaveBeenCalledWith(61, expect.any(Function), {
        resolveRelations: ["article_list.Articles"],
      }),
    );
  });

  it("stays in the editor when a navigation in the preview drops the query: the open story's edits still show", async () => {
    window.history.replaceState({}, "", "/?_storyblok=71&_storyblok_tk[token]=abc");
    sdk.registerStoryblokBridge.mockClear();
    const first = render(<Title storyId={71} title="On its own page" />);
    await waitFor(() => expect(sdk.registerStoryblokBridge).toHaveBeenCalled());
    const onInput = sdk.registerStoryblokBridge.mock.calls[0]![1] as (story: ISbStoryData) => void;
    first.unmount();
    // another page of the site, which shows the story too (a card)
    window.history.replaceState({}, "", "/index");
    render(<Title storyId={71} title="A card" />);
    act(() => onInput({ id: 71, content: { Title: "Edited" } } as unknown as ISbStoryData));
    await waitFor(() => expect(screen.getByRole("heading").textContent).toBe("Edited"));
    // a story first shown on the page without the editor's query is not registered (SPEC 7: no token, no bridge)
    sdk.loadStoryblokBridge.mockClear();
    render(<Title storyId={72} title="Another story" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sdk.loadStoryblokBridge).not.toHaveBeenCalled();
    expect(sdk.registerStoryblokBridge).not.toHaveBeenCalledWith(72, expect.anything(), expect.anything());
  });
});
