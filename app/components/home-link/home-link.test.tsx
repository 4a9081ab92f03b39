import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { uiText } from "~/ui-text";
import { HomeLink } from "./home-link";

describe("HomeLink", () => {
  it("leads to the home page of the page's language", () => {
    const Stub = createRoutesStub([{ path: "*", Component: HomeLink }]);
    const { unmount } = render(<Stub initialEntries={["/gibt-es-nicht"]} />);
    expect(screen.getByRole("link", { name: uiText.de.notFoundHome }).getAttribute("href")).toBe("/");
    unmount();
    render(<Stub initialEntries={["/en/missing"]} />);
    expect(screen.getByRole("link", { name: uiText.en.notFoundHome }).getAttribute("href")).toBe("/en");
  });
});
