import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "~/test/render-in-router";
import { useLanguage } from "./use-language";

function LanguageOfPage() {
  return <p>{useLanguage()}</p>;
}

/**
 * useLanguage reads React Router's location context directly
 * (UNSAFE_LocationContext) so that components rendered without a router do
 * not throw, as useLocation would (docs/react-router-couplings.md#location-context).
 */
describe("useLanguage", () => {
  it("is the language of the router's location", () => {
    renderInRouter(<LanguageOfPage />, "/en/about");
    expect(screen.getByText(/^(en|de)$/).textContent, "docs/react-router-couplings.md#location-context").toBe("en");
  });

  it("is German under German paths", () => {
    renderInRouter(<LanguageOfPage />, "/about");
    expect(screen.getByText(/^(en|de)$/).textContent).toBe("de");
  });

  it("is German outside a router, without throwing", () => {
    render(<LanguageOfPage />);
    expect(screen.getByText(/^(en|de)$/).textContent, "docs/react-router-couplings.md#location-context").toBe("de");
  });
});
