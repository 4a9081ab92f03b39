import { act, render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Deferred } from "./deferred";
import { pendingValue } from "~/test/route-tests";

describe("Deferred", () => {
  it("renders a plain value at once", () => {
    const { container } = render(
      <Deferred value={["a", "b"]} fallback={<p>Loading...</p>}>
        {(list) => <p>{list.join("+")}</p>}
      </Deferred>,
    );
    expect(container.textContent).toBe("a+b");
  });

  it("shows the fallback until a promised value arrives", async () => {
    const { promise, resolve } = pendingValue<string[]>();
    // a suspending render must happen in an awaited act (React 19)
    await act(async () => {
      render(
        <Deferred value={promise} fallback={<p>Loading...</p>}>
          {(list) => <p>{list.join("+")}</p>}
        </Deferred>,
      );
    });
    // rendered inside act, so the container is read from the document
    expect(document.body.textContent).toBe("Loading...");
    await act(async () => {
      resolve(["x", "y"]);
      await promise;
    });
    await waitFor(() => expect(document.body.textContent).toBe("x+y"));
  });

  it("titles the document while a promised value is on its way and once it has arrived", async () => {
    const { promise, resolve } = pendingValue<string>();
    const title = (value: string | undefined) => (value === undefined ? "Loading" : `Loaded ${value}`);
    await act(async () => {
      render(
        <Deferred value={promise} fallback={<p>Loading...</p>} title={title}>
          {(value) => <p>{value}</p>}
        </Deferred>,
      );
    });
    expect(document.title).toBe("Loading");
    await act(async () => {
      resolve("Kiosk");
      await promise;
    });
    expect(document.body.textContent).toBe("Kiosk");
    expect(document.title).toBe("Loaded Kiosk");
    expect(document.head.querySelectorAll("title")).toHaveLength(1);
  });

  it("leaves the title of a plain value to the route's meta", () => {
    render(
      <Deferred value="Kiosk" fallback={<p>Loading...</p>} title={() => "never"}>
        {(value) => <p>{value}</p>}
      </Deferred>,
    );
    expect(document.head.querySelector("title")).toBeNull();
  });
});
