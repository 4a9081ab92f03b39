import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blokRegistry, defineBlok, renderBlok, renderBloks } from "./registry";

function renderInRouter(node: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub initialEntries={["/"]} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("blok registry", () => {
  it("maps the header and footer component names", () => {
    expect(Object.keys(blokRegistry)).toEqual(expect.arrayContaining(["header", "footer"]));
  });

  it("renders a known blok from its parsed view model", () => {
    renderInRouter(
      renderBlok({
        component: "footer",
        body: [{ component: "footer_content", _uid: "f", Copyright: "© Studio", LogoBig: "Ok" }],
      }),
    );
    expect(screen.getByText("© Studio")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Ok" })).toBeTruthy();
  });

  it("logs an unknown component the way the SDK does and renders nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(<div data-testid="host">{renderBlok({ component: "mystery_blok", _uid: "x" })}</div>);
    expect(error).toHaveBeenCalledWith("Component mystery_blok doesn't exist.");
    expect(screen.getByTestId("host").childNodes).toHaveLength(0);
    expect(container.querySelectorAll("div")).toHaveLength(1);
  });

  it("ignores values that are not bloks", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(renderBlok(null)).toBeNull();
    expect(renderBlok("header")).toBeNull();
    expect(renderBlok({ component: 3 })).toBeNull();
    expect(renderBloks("nope")).toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });

  it("renders lists of bloks in order and skips the unknown ones", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Word = ({ blok }: { blok: string }) => <span>{blok}</span>;
    blokRegistry.word = defineBlok((raw) => String(raw.text ?? ""), Word);
    try {
      const { container } = render(
        <p>
          {renderBloks([
            { component: "word", _uid: "1", text: "eins" },
            { component: "nope", _uid: "2" },
            { component: "word", _uid: "3", text: "drei" },
          ])}
        </p>,
      );
      expect(container.querySelector("p")?.innerHTML).toBe("<span>eins</span><span>drei</span>");
    } finally {
      delete blokRegistry.word;
    }
  });
});
