import { act, render, screen, waitFor } from "@testing-library/react";
import { StrictMode, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LiveEditsProvider, useLiveStory, useLiveView, type StoryEdit } from "./live-edits";

import { connectEditorBridge } from "./bridge";

// the bridge itself (loading the SDK, registering the open story) is bridge.test.ts's
vi.mock(import("./bridge"), async (importOriginal) => ({
  ...(await importOriginal()),
  connectEditorBridge: vi.fn(() => Promise.resolve()),
}));
const connect = vi.mocked(connectEditorBridge);

interface TitleView {
  storyId: number | null;
  title: string;
}

const view = (storyId: number, title: string): TitleView => ({ storyId, title });
const story = (id: number, title: string) => ({ id, content: { Title: title } });
const parseTitle = (raw: unknown): TitleView => {
  const { id, content } = raw as ReturnType<typeof story>;
  return { storyId: id, title: content.Title };
};

function Title({ shown }: { shown: TitleView }) {
  return <h1>{useLiveStory(shown, parseTitle).title}</h1>;
}

const headings = () => screen.getAllByRole("heading").map((heading) => heading.textContent);

function openInEditor(storyId: number) {
  window.history.replaceState({}, "", `/?_storyblok=${storyId}&_storyblok_tk[token]=abc`);
}

/** The bridge's `input` event: the story the editor has open, as edited. */
async function sendInput(edited: ReturnType<typeof story>) {
  await waitFor(() => expect(connect).toHaveBeenCalled());
  const onInput = connect.mock.calls.at(-1)![1];
  act(() => onInput(edited.id, edited));
}

function inProvider(children: ReactNode) {
  return <LiveEditsProvider>{children}</LiveEditsProvider>;
}

afterEach(() => {
  window.history.replaceState({}, "", "/");
  vi.clearAllMocks();
});

describe("LiveEditsProvider with useLiveStory", () => {
  it("outside the visual editor shows the loader's view and connects no bridge", async () => {
    window.history.replaceState({}, "", "/?_storyblok=1");
    // render flushes the effects (act): a connection would have been made by now
    render(inProvider(<Title shown={view(1, "Prerendered")} />));
    expect(headings()).toEqual(["Prerendered"]);
    expect(connect).not.toHaveBeenCalled();
  });

  it("in the visual editor connects the bridge and shows each input event's story", async () => {
    openInEditor(21);
    render(inProvider(<Title shown={view(21, "Prerendered")} />));
    expect(connect).toHaveBeenCalledWith("?_storyblok=21&_storyblok_tk[token]=abc", expect.any(Function));

    await sendInput(story(21, "Edited live"));
    await waitFor(() => expect(headings()).toEqual(["Edited live"]));
    await sendInput(story(21, "Edited again"));
    await waitFor(() => expect(headings()).toEqual(["Edited again"]));
  });

  it("leaves the views of other stories as they are", async () => {
    openInEditor(22);
    render(
      inProvider(
        <>
          <Title shown={view(22, "Open")} />
          <Title shown={view(23, "Other")} />
        </>,
      ),
    );
    await sendInput(story(22, "Edited"));
    await waitFor(() => expect(headings()).toEqual(["Edited", "Other"]));
  });

  it("connects the bridge once per page, however many views follow the story, also under StrictMode", async () => {
    openInEditor(31);
    render(
      <StrictMode>
        {inProvider(
          <>
            <Title shown={view(31, "A")} />
            <Title shown={view(31, "A")} />
          </>,
        )}
      </StrictMode>,
    );
    // the bundled bridge listens with its first instance only: a second registration would never hear an edit
    expect(connect).toHaveBeenCalledTimes(1);
    await sendInput(story(31, "B"));
    await waitFor(() => expect(headings()).toEqual(["B", "B"]));
  });

  it("shows the latest edit even when an older edit's parse settles after it", async () => {
    openInEditor(41);
    // each edit's parse finishes when the test says so
    const parses = new Map<string, () => void>();
    const parseSlowly = (raw: unknown) => {
      const parsed = parseTitle(raw);
      return new Promise<TitleView>((resolve) => parses.set(parsed.title, () => resolve(parsed)));
    };
    const shown = view(41, "start");
    function Slow() {
      return <h1>{useLiveStory(shown, parseSlowly).title}</h1>;
    }
    render(inProvider(<Slow />));
    await sendInput(story(41, "first"));
    await sendInput(story(41, "second"));
    await waitFor(() => expect([...parses.keys()]).toEqual(["first", "second"]));
    await act(async () => parses.get("second")!());
    await waitFor(() => expect(headings()).toEqual(["second"]));
    // the older parse settles last: had it landed, the heading would say "first"
    await act(async () => parses.get("first")!());
    expect(headings()).toEqual(["second"]);
  });

  it("applies the edit to new loader data of the story, not to another story's page", async () => {
    openInEditor(51);
    const page = render(inProvider(<Title shown={view(51, "Prerendered")} />));
    await sendInput(story(51, "Edited"));
    await waitFor(() => expect(headings()).toEqual(["Edited"]));
    // the preview's drafts replace the prerendered data: the edit still stands
    page.rerender(inProvider(<Title shown={view(51, "Draft")} />));
    await waitFor(() => expect(headings()).toEqual(["Edited"]));
    page.rerender(inProvider(<Title shown={view(52, "Another page")} />));
    expect(headings()).toEqual(["Another page"]);
  });

  it("after a link inside the preview dropped the query, a page showing the open story still follows its edits", async () => {
    openInEditor(71);
    const page = render(inProvider(<Title shown={view(71, "On its own page")} />));
    await sendInput(story(71, "Edited"));
    await waitFor(() => expect(headings()).toEqual(["Edited"]));
    // another page of the site, which shows the story too (a card)
    window.history.replaceState({}, "", "/index");
    page.rerender(inProvider(<Title shown={view(71, "A card")} />));
    await waitFor(() => expect(headings()).toEqual(["Edited"]));
    await sendInput(story(71, "Edited on the index"));
    await waitFor(() => expect(headings()).toEqual(["Edited on the index"]));
    expect(connect).toHaveBeenCalledTimes(1);
  });
});

describe("useLiveView", () => {
  it("lets a view of many stories take the edit of the one it shows", async () => {
    openInEditor(82);
    const rows = [view(81, "Row one"), view(82, "Row two")];
    const withEditedRow = (shown: TitleView[], edit: StoryEdit) =>
      shown.map((row) => (row.storyId === edit.storyId ? parseTitle(edit.story) : row));
    function Rows() {
      return (
        <>
          {useLiveView(rows, withEditedRow).map((row) => (
            <h2 key={row.storyId}>{row.title}</h2>
          ))}
        </>
      );
    }
    render(inProvider(<Rows />));
    await sendInput(story(82, "Row two, edited"));
    await waitFor(() => expect(headings()).toEqual(["Row one", "Row two, edited"]));
  });

  it("keeps the view and logs when an edit cannot be made a view", async () => {
    openInEditor(91);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = () => Promise.reject(new Error("no parser"));
    const shown = view(91, "Prerendered");
    function Failing() {
      return <h1>{useLiveView(shown, failing).title}</h1>;
    }
    render(inProvider(<Failing />));
    await sendInput(story(91, "Edited"));
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith("Visual editor: could not show the edited story:", expect.any(Error)),
    );
    expect(headings()).toEqual(["Prerendered"]);
    consoleError.mockRestore();
  });
});
