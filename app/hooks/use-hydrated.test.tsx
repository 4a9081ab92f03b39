import { act, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAfterHydration, useHydrated } from "./use-hydrated";

/** Records every value a component rendered with, in order. */
function Probe({ seen, label }: { seen: string[]; label: string }) {
  const [value] = useAfterHydration("server", () => "client");
  seen.push(`${label}:${value}`);
  return <span data-label={label}>{value}</span>;
}

function Page({ seen, later }: { seen: string[]; later: boolean }) {
  return (
    <div>
      <Probe seen={seen} label="a" />
      <Probe seen={seen} label="b" />
      {later ? <Probe seen={seen} label="later" /> : null}
    </div>
  );
}

// act() outside Testing Library's render: React is told it runs under act
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

describe("useAfterHydration", () => {
  it("renders the server's value in prerendered HTML", () => {
    expect(renderToString(<Page seen={[]} later={false} />)).toContain(">server</span>");
  });

  it("hydrates with the server's value, then shows the client's in every hydrated component", async () => {
    container = document.createElement("div");
    container.innerHTML = renderToString(<Page seen={[]} later={false} />);
    document.body.append(container);
    const seen: string[] = [];
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container!, <Page seen={seen} later={false} />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(seen.slice(0, 2)).toEqual(["a:server", "b:server"]);
    expect(container.textContent).toBe("clientclient");
  });

  it("starts a component mounted after hydration from the client's value", async () => {
    container = document.createElement("div");
    container.innerHTML = renderToString(<Page seen={[]} later={false} />);
    document.body.append(container);
    const seen: string[] = [];
    let showLater: (show: boolean) => void = () => {};
    function Host() {
      const [later, setLater] = useState(false);
      showLater = setLater;
      return <Page seen={seen} later={later} />;
    }
    await act(async () => {
      hydrateRoot(container!, <Host />);
    });
    await act(async () => showLater(true));
    expect(seen.filter((entry) => entry.startsWith("later:"))).toEqual(["later:client"]);
  });

  it("makes the switch a transition: an ordinary update made in the same effects renders before it", async () => {
    const seen: string[] = [];
    function Urgent() {
      const [state, setState] = useState("before");
      useEffect(() => setState("after"), []);
      seen.push(`urgent:${state}`);
      return null;
    }
    const tree = (
      <div>
        <Probe seen={seen} label="a" />
        <Urgent />
      </div>
    );
    container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    seen.length = 0;
    await act(async () => {
      hydrateRoot(container!, tree);
    });
    // a synchronous re-render (what a mismatched external store forces) would come before the ordinary update
    expect(seen).toEqual(["a:server", "urgent:before", "urgent:after", "a:client"]);
  });
});

describe("useHydrated", () => {
  function Flag() {
    return <i>{String(useHydrated())}</i>;
  }
  it("is false in prerendered HTML and true once hydrated", async () => {
    container = document.createElement("div");
    container.innerHTML = renderToString(<Flag />);
    expect(container.textContent).toBe("false");
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container!, <Flag />);
    });
    expect(container.textContent).toBe("true");
  });
});
