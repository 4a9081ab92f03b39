import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseAboutBlock } from "~/content/about";
import { AboutBlock } from "./about-block";

describe("AboutBlock", () => {
  it("shows its headline and rich text", () => {
    render(
      <AboutBlock
        blok={parseAboutBlock({
          Headline: "Team",
          Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Six people" }] }] },
        })}
      />,
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Team");
    expect(screen.getByText("Six people").tagName).toBe("P");
  });

  it("leaves the headline out when there is none", () => {
    render(
      <AboutBlock
        blok={parseAboutBlock({
          Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Only text" }] }] },
        })}
      />,
    );
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByText("Only text").tagName).toBe("P");
  });
});
