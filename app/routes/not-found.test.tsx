import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { uiText } from "~/ui-text";
import NotFound, { meta } from "./not-found";

describe("not-found route", () => {
  it("shows the router's error screen with the status below, and links home", async () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <p>Startseite</p> },
      { path: "*", Component: NotFound },
    ]);
    render(<Stub initialEntries={["/gibt-es-nicht"]} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Da ist etwas schief gelaufen");
    const region = screen.getByRole("region", { name: "Da ist etwas schief gelaufen" });
    expect([...region.querySelectorAll("p")].map((paragraph) => paragraph.textContent)).toEqual([
      "Leider konnten wir die Seite nicht finden",
      "404 Not Found",
    ]);
    await userEvent.click(screen.getByRole("link", { name: uiText.de.notFoundHome }));
    // the home page replaces the error page, whenever the router commits it
    await waitFor(() => expect(document.body.textContent).toBe("Startseite"));
  });

  it("keeps the page out of search engines", () => {
    const tags = meta({ location: { pathname: "/nope" } } as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ title: uiText.de.notFoundTitle });
    const english = meta({ location: { pathname: "/en/nope" } } as Parameters<typeof meta>[0]);
    expect(english).toContainEqual({ title: uiText.en.notFoundTitle });
  });
});
