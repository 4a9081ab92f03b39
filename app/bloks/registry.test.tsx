import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseAboutBlock } from "~/content/about";
import { parseFooterContent } from "~/content/layout";
import { blokRegistry, renderBlok } from "./registry";

function renderInRouter(node: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub initialEntries={["/"]} />);
}

const text = (value: string) => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: value }] }],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("blok registry", () => {
  it("maps the header and footer component names", () => {
    expect(Object.keys(blokRegistry)).toEqual(expect.arrayContaining(["header", "footer"]));
  });

  it("renders a known blok from its parsed view model", () => {
    const view = parseFooterContent({
      body: [{ component: "footer_content", _uid: "f", Copyright: "© Studio", LogoBig: "Ok" }],
    });
    renderInRouter(renderBlok({ component: "footer", key: "f", view }));
    expect(screen.getByText("© Studio").className).toBe("copyright");
    expect(screen.getByRole("img", { name: "Ok" }).closest("footer")).not.toBeNull();
  });

  it("logs an unknown component the way the SDK does and renders nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(
      <div data-testid="host">{renderBlok({ component: "mystery_blok", key: "x", view: null })}</div>,
    );
    expect(error).toHaveBeenCalledWith("Component mystery_blok doesn't exist.");
    expect(screen.getByTestId("host").childNodes).toHaveLength(0);
    expect(container.querySelectorAll("div")).toHaveLength(1);
  });

  it("does not take a name of Object's prototype for a component", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(renderBlok({ component: "constructor", key: "c", view: {} })).toBeNull();
    expect(error).toHaveBeenCalledWith("Component constructor doesn't exist.");
  });

  it("renders bloks in order and skips the unknown ones", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(
      <div>
        {[
          { component: "about_block", key: "1", view: parseAboutBlock({ Text: text("eins") }) },
          { component: "nope", key: "2", view: null },
          { component: "about_block", key: "3", view: parseAboutBlock({ Text: text("drei") }) },
        ].map(renderBlok)}
      </div>,
    );
    expect([...container.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["eins", "drei"]);
  });
});
