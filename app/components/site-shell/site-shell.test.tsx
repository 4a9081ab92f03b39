import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AFTER_MAIN_ID } from "~/behaviours/hero-morph";
import { SiteShell } from "./site-shell";

function renderShell() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <SiteShell header={<header>the header</header>} footer={<footer>the footer</footer>}>
          <p>the page</p>
        </SiteShell>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("the site shell", () => {
  it("puts the element a view transition's first rendering waits for right after <main>, hidden", async () => {
    renderShell();
    const main = await screen.findByRole("main");
    const marker = main.nextElementSibling;
    expect(marker?.id).toBe(AFTER_MAIN_ID);
    expect(marker?.hasAttribute("hidden")).toBe(true);
    expect(marker?.childNodes).toHaveLength(0);
    expect(marker?.nextElementSibling?.localName).toBe("footer");
  });
});
