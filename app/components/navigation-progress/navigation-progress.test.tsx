import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { Link, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uiText } from "~/ui-text";
import { NAVIGATION_FEEDBACK_DELAY_MS, NavigationProgress, useSlowNavigation } from "./navigation-progress";

function Shell({ children }: { children: ReactNode }) {
  const slow = useSlowNavigation();
  return (
    <>
      <NavigationProgress active={slow} />
      <main aria-busy={slow || undefined}>{children}</main>
    </>
  );
}

function renderWithSlowPage(dataMs: number) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <Shell>
          <Link to="/slow">to the slow page</Link>
        </Shell>
      ),
    },
    {
      path: "/slow",
      loader: () => new Promise((resolve) => setTimeout(() => resolve({}), dataMs)),
      Component: () => (
        <Shell>
          <p>slow page</p>
        </Shell>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const progress = () => screen.queryByRole("progressbar", { name: uiText.de.navigationProgress });

afterEach(() => {
  vi.useRealTimers();
});

describe("NavigationProgress", () => {
  it("shows progress once a navigation has waited longer than the delay, and hides it when the page arrives", async () => {
    vi.useFakeTimers();
    renderWithSlowPage(2_500);
    await act(async () => {
      screen.getByRole("link").click();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NAVIGATION_FEEDBACK_DELAY_MS - 50);
    });
    expect(progress()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(progress()).not.toBeNull();
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(screen.getByRole("main").textContent).toBe("slow page");
    expect(progress()).toBeNull();
  });

  it("shows nothing for a quick navigation", async () => {
    vi.useFakeTimers();
    renderWithSlowPage(100);
    await act(async () => {
      screen.getByRole("link").click();
    });
    for (let elapsed = 0; elapsed < 600; elapsed += 50) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(progress()).toBeNull();
    }
    expect(screen.getByRole("main").textContent).toBe("slow page");
  });
});
