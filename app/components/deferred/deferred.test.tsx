import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Deferred } from "./deferred";

describe("Deferred", () => {
  it("renders a plain value at once", () => {
    render(
      <Deferred value={["a", "b"]} fallback={<p>Loading...</p>}>
        {(list) => <p>{list.join("+")}</p>}
      </Deferred>,
    );
    expect(screen.getByText("a+b")).toBeTruthy();
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("shows the fallback until a promised value arrives", async () => {
    let resolve: (value: string[]) => void = () => {};
    const promise = new Promise<string[]>((r) => {
      resolve = r;
    });
    // a suspending render must happen in an awaited act (React 19)
    await act(async () => {
      render(
        <Deferred value={promise} fallback={<p>Loading...</p>}>
          {(list) => <p>{list.join("+")}</p>}
        </Deferred>,
      );
    });
    expect(screen.getByText("Loading...")).toBeTruthy();
    await act(async () => {
      resolve(["x", "y"]);
      await promise;
    });
    expect(await screen.findByText("x+y")).toBeTruthy();
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("titles the document while a promised value is on its way and once it has arrived", async () => {
    let resolve: (value: string) => void = () => {};
    const promise = new Promise<string>((r) => {
      resolve = r;
    });
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
    expect(screen.getByText("Kiosk")).toBeTruthy();
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
