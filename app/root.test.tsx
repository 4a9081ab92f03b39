import { render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LayoutData } from "./content/layout";
import { parseFooterContent, parseHeaderContent } from "./content/layout";
import { useHydrated } from "./hooks/use-hydrated";
import { ErrorBoundary, HydrateFallback, clientLoader, shouldRevalidate } from "./root";

const layout: LayoutData = {
  header: { ...parseHeaderContent({ body: [{ component: "header_content", IndexLabel: "Projekte" }] }), storyId: 1 },
  footer: { ...parseFooterContent({ body: [{ component: "footer_content", Copyright: "© Studio" }] }), storyId: 2 },
};

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState({}, "", "/");
});

describe("root shouldRevalidate", () => {
  const args = (next: string) =>
    ({
      currentUrl: new URL("http://site.test/"),
      nextUrl: new URL(next, "http://site.test"),
      defaultShouldRevalidate: true,
    }) as Parameters<typeof shouldRevalidate>[0];

  it("keeps the prerendered header and footer on client navigations", () => {
    expect(shouldRevalidate(args("/about"))).toBe(false);
    expect(shouldRevalidate(args("/articles/x?page=2"))).toBe(false);
  });

  it("revalidates in the visual editor", () => {
    expect(shouldRevalidate(args("/about?_storyblok=5&_storyblok_tk[token]=abc"))).toBe(true);
  });

  it("reads the header and footer of the other language when the language changes, even where the default would not", () => {
    const toEnglish = { ...args("/en/about"), defaultShouldRevalidate: false };
    expect(shouldRevalidate(toEnglish)).toBe(true);
    const withinEnglish = { ...args("/en/index"), currentUrl: new URL("http://site.test/en/about") };
    expect(shouldRevalidate(withinEnglish)).toBe(false);
  });
});

describe("root clientLoader", () => {
  it("returns the prerendered data outside the visual editor", async () => {
    const serverLoader = vi.fn(async () => layout);
    const result = await clientLoader({
      request: new Request("http://site.test/about"),
      serverLoader,
    } as unknown as Parameters<typeof clientLoader>[0]);
    expect(result).toBe(layout);
    expect(serverLoader).toHaveBeenCalledTimes(1);
  });
});

function renderAsRoot(route: Parameters<typeof createRoutesStub>[0][number]) {
  const Stub = createRoutesStub([{ id: "root", path: "/", loader: () => layout, ...route }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("root ErrorBoundary", () => {
  it("shows the German error screen inside the header and footer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAsRoot({
      Component: () => {
        throw new Error("Kaputt");
      },
      ErrorBoundary: ErrorBoundary as never,
    });
    const errorScreen = await screen.findByRole("region", { name: "Da ist etwas schief gelaufen" });
    expect(errorScreen.lastElementChild?.textContent).toBe("Kaputt");
    expect(screen.getByRole("main").contains(errorScreen)).toBe(true);
    expect(screen.getByRole("main").id).toBe("main");
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Projekte" }).getAttribute("href")).toBe(
      "/index",
    );
    expect(screen.getByRole("contentinfo").textContent).toContain("© Studio");
  });
});

describe("root ErrorBoundary on a failed route chunk", () => {
  it("marks the path before it loads it anew, so a second failure shows the error instead", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // jsdom cannot navigate: the page load is only recorded
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({
      ...window.location,
      assign,
      pathname: "/",
      search: "",
      hash: "",
    });
    sessionStorage.clear();
    renderAsRoot({
      Component: () => {
        throw new TypeError("Failed to fetch dynamically imported module: http://site.test/assets/about-1.js");
      },
      ErrorBoundary: ErrorBoundary as never,
    });
    // the visitor is told what to do, not the browser's words
    const errorScreen = await screen.findByRole("region", { name: "Da ist etwas schief gelaufen" });
    expect(errorScreen.lastElementChild?.textContent).toMatch(/Bitte laden Sie die Seite neu/);
    await waitFor(() => expect(sessionStorage.getItem("route-chunk-reload:/")).not.toBeNull());
    expect(assign).toHaveBeenCalledWith("/");
    sessionStorage.clear();
  });
});

describe("root HydrateFallback", () => {
  it("shows the header's and footer's loading states without data", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <HydrateFallback loaderData={undefined as never} params={{}} /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const states = screen.getAllByRole("status").map((status) => status.textContent);
    expect(states).toEqual(["Laden...", "Loading content ..."]);
  });

  it("shows the built header and footer when the SPA fallback has them", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <HydrateFallback loaderData={layout as never} params={{}} /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Projekte" }).getAttribute("href")).toBe(
      "/index",
    );
    expect(screen.getByRole("contentinfo").textContent).toContain("© Studio");
  });

  it("counts the page hydrated though nothing on it reads a value after hydration, so the next page starts from the client's values", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <HydrateFallback loaderData={layout as never} params={{}} /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    // a component of the page a client navigation renders next: its filter `<style>` is for the prerendered HTML only
    const seen: boolean[] = [];
    function NextPage() {
      seen.push(useHydrated());
      return null;
    }
    render(<NextPage />);
    expect(seen[0]).toBe(true);
  });

  it("offers a skip link to the main content", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <HydrateFallback loaderData={layout as never} params={{}} /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(screen.getByRole("link", { name: "Zum Inhalt springen" }).getAttribute("href")).toBe("#main");
  });
});
