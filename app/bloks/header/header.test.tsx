import { act, render, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { HeaderView } from "~/content/layout";
import { uiText } from "~/ui-text";
import { Header } from "./header";

const header: HeaderView = {
  storyId: 11,
  editable: { "data-blok-c": "{}", "data-blok-uid": "11-h1" },
  logo: { src: "http://cdn.test/f/1/120x24/a/logo.svg", alt: "Studio Halbton", width: 120, height: 24 },
  logoLabel: "Studio Halbton",
  links: [
    { href: "/index", label: "Projekte", internal: true, newTab: false },
    { href: "/about", label: "Studio", internal: true, newTab: false },
  ],
  burgerIcon: { src: "http://cdn.test/f/1/24x24/b/burger.svg", alt: "Burger" },
  closeIcon: { src: "http://cdn.test/f/1/24x24/c/close.svg", alt: "Close" },
  languageLabel: "English",
};

function CurrentPath() {
  return <span data-testid="path">{useLocation().pathname}</span>;
}

function renderHeader(path: string, blok: HeaderView | null = header) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <>
          <Header blok={blok} />
          <CurrentPath />
        </>
      ),
    },
  ]);
  const result = render(<Stub initialEntries={[path]} />);
  return { ...result, user: userEvent.setup() };
}

const mainNav = () => screen.getByRole("navigation", { name: uiText.de.mainNavigation });
const menu = () => screen.queryByRole("dialog", { name: uiText.de.menu });

describe("Header", () => {
  it("links the logo home with the logo's alt as its name", () => {
    renderHeader("/");
    const home = screen.getByRole("link", { name: "Studio Halbton" });
    expect(home.getAttribute("href")).toBe("/");
    const logo = within(home).getByRole("img");
    expect(logo.getAttribute("src")).toBe(header.logo!.src);
    expect(logo.getAttribute("width")).toBe("120");
  });

  it("draws the logo and the burger from the page itself when the build wrote them in", () => {
    const logoData = "data:image/svg+xml,%3csvg%3e%3ctitle%3elogo%3c/title%3e%3c/svg%3e";
    const burgerData = "data:image/svg+xml,%3csvg%3e%3ctitle%3eburger%3c/title%3e%3c/svg%3e";
    const { container } = renderHeader("/", {
      ...header,
      logo: { ...header.logo!, dataUri: logoData },
      burgerIcon: { ...header.burgerIcon!, dataUri: burgerData },
    });
    const home = screen.getByRole("link", { name: "Studio Halbton" });
    expect(within(home).getByRole("img").getAttribute("src")).toBe(logoData);
    expect(container.querySelectorAll(`img[src="${burgerData}"]`)).toHaveLength(1);
  });

  it("links the Index and second page with their labels, then the page in the other language", () => {
    renderHeader("/");
    const links = within(mainNav()).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Projekte", "/index"],
      ["Studio", "/about"],
      ["English", "/en"],
    ]);
    expect(links[2]!.getAttribute("hreflang")).toBe("en");
    expect(links[2]!.getAttribute("lang")).toBe("en");
  });

  it("offers the same page in the other language, and the English pages their German ones", async () => {
    const { user } = renderHeader("/imprint");
    const english = within(mainNav()).getByRole("link", { name: "English" });
    expect(english.getAttribute("href")).toBe("/en/imprint");
    await user.click(english);
    expect(screen.getByTestId("path").textContent).toBe("/en/imprint");
    // the page's fixed texts are English now
    const englishNav = screen.getByRole("navigation", { name: uiText.en.mainNavigation });
    const german = within(englishNav).getByRole("link", { name: "English" });
    expect(german.getAttribute("href")).toBe("/imprint");
    expect(german.getAttribute("hreflang")).toBe("de");
    // the English logo leads to the English home page
    expect(screen.getAllByRole("link")[0]!.getAttribute("href")).toBe("/en");
  });

  it("marks only the current page's link as active", () => {
    renderHeader("/index");
    const index = within(mainNav()).getByRole("link", { name: "Projekte" });
    const about = within(mainNav()).getByRole("link", { name: "Studio" });
    expect(index.getAttribute("aria-current")).toBe("page");
    expect(index.className).toContain("active");
    expect(about.getAttribute("aria-current")).toBeNull();
    expect(about.className).not.toContain("active");
  });

  it("carries the visual editor attributes", () => {
    const { container } = renderHeader("/");
    expect(container.querySelector("header")?.getAttribute("data-blok-uid")).toBe("11-h1");
  });

  it("makes the menu a native popover that the burger shows and the close button hides, without script", () => {
    renderHeader("/");
    const burger = screen.getByRole("button", { name: uiText.de.openMenu });
    // closed, the popover is out of sight and of the accessibility tree
    expect(screen.queryByRole("dialog", { name: uiText.de.menu })).toBeNull();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.getAttribute("aria-label")).toBe(uiText.de.menu);
    expect(dialog.getAttribute("popover")).toBe("auto");
    expect(burger.getAttribute("popovertarget")).toBe(dialog.id);
    expect(burger.getAttribute("popovertargetaction")).toBe("show");
    const close = dialog.querySelector<HTMLButtonElement>(`button[aria-label="${uiText.de.closeMenu}"]`)!;
    expect(close.getAttribute("popovertarget")).toBe(dialog.id);
    expect(close.getAttribute("popovertargetaction")).toBe("hide");
  });

  it("opens the overlay menu with the burger and closes it with the close button", async () => {
    const { user } = renderHeader("/");
    const burger = screen.getByRole("button", { name: uiText.de.openMenu });
    expect(burger.getAttribute("aria-expanded")).toBe("false");
    expect(menu()).toBeNull();

    await user.click(burger);
    const dialog = menu();
    expect(dialog).not.toBeNull();
    expect(burger.getAttribute("aria-expanded")).toBe("true");
    expect(burger.getAttribute("aria-controls")).toBe(dialog!.id);
    const close = within(dialog!).getByRole("button", { name: uiText.de.closeMenu });
    expect(document.activeElement).toBe(close);
    expect(close.querySelector("img")?.getAttribute("src")).toBe(header.closeIcon!.src);
    // neither icon may compete with the page's first paint
    expect(close.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    expect(burger.querySelector("img")?.getAttribute("loading")).toBe("lazy");

    await user.click(close);
    expect(menu()).toBeNull();
    expect(burger.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(burger);
  });

  it("takes over a menu that was opened before hydration", async () => {
    const Stub = createRoutesStub([{ path: "*", Component: () => <Header blok={header} /> }]);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Stub initialEntries={["/"]} />);
    document.body.append(container);
    // a tap on the prerendered burger, before any script of the page has run
    container.querySelector<HTMLButtonElement>("button[popovertarget]")!.click();
    const dialog = container.querySelector("[popover]")!;
    expect(dialog.matches(":popover-open")).toBe(true);

    try {
      await act(async () => {
        hydrateRoot(container, <Stub initialEntries={["/"]} />);
      });
      const burger = screen.getByRole("button", { name: uiText.de.openMenu });
      expect(dialog.matches(":popover-open")).toBe(true);
      expect(burger.getAttribute("aria-expanded")).toBe("true");
      expect(document.activeElement).toBe(screen.getByRole("button", { name: uiText.de.closeMenu }));
    } finally {
      (dialog as HTMLElement).hidePopover();
      container.remove();
    }
  });

  it("closes the overlay when a link in it is chosen, and navigates", async () => {
    const { user } = renderHeader("/");
    await user.click(screen.getByRole("button", { name: uiText.de.openMenu }));
    await user.click(within(menu()!).getByRole("link", { name: "Studio" }));
    expect(screen.getByTestId("path").textContent).toBe("/about");
    expect(menu()).toBeNull();
  });

  it("closes the overlay on Escape and returns focus to the burger", async () => {
    const { user } = renderHeader("/");
    const burger = screen.getByRole("button", { name: uiText.de.openMenu });
    await user.click(burger);
    expect(menu()).not.toBeNull();
    await user.keyboard("{Escape}");
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(burger);
  });

  it("keeps focus inside the open overlay", async () => {
    const { user } = renderHeader("/");
    await user.click(screen.getByRole("button", { name: uiText.de.openMenu }));
    const dialog = menu()!;
    const close = within(dialog).getByRole("button", { name: uiText.de.closeMenu });
    const links = within(dialog).getAllByRole("link");
    const last = links.at(-1);
    expect(document.activeElement).toBe(close);
    for (const link of links) {
      await user.tab();
      expect(document.activeElement).toBe(link);
    }
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });

  it("shows 'Laden...' while there is no content", () => {
    renderHeader("/", null);
    expect(screen.getByRole("status").textContent).toBe("Laden...");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("takes the orange variant on /about only", () => {
    const { container, unmount } = renderHeader("/about");
    expect(container.querySelector("header")?.getAttribute("data-variant")).toBe("orange");
    unmount();
    const other = renderHeader("/index");
    expect(other.container.querySelector("header")?.getAttribute("data-variant")).toBe("default");
  });

  it("shows the orange variant while loading on /about too", () => {
    const { container } = renderHeader("/about", null);
    expect(container.querySelector("header")?.getAttribute("data-variant")).toBe("orange");
  });

  it("draws its own menu icons when the content has none", async () => {
    const { user, container } = renderHeader("/", { ...header, burgerIcon: null, closeIcon: null, logo: null });
    expect(screen.getByRole("link", { name: "Studio Halbton" }).textContent).toBe("Studio Halbton");
    const burger = screen.getByRole("button", { name: uiText.de.openMenu });
    expect(burger.querySelector("img")).toBeNull();
    await user.click(burger);
    expect(container.querySelectorAll("button img")).toHaveLength(0);
  });
});
