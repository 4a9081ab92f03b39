import { render, screen } from "@testing-library/react";
import { createRoutesStub, data, useRouteError } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorScreen, errorDetail } from "./error-screen";

// A route error response the way the router hands it to an error boundary.
function routeErrorResponse(status: number, statusText: string) {
  return { status, statusText, internal: false, data: null } as const;
}

const paragraphs = () =>
  [...screen.getByRole("region", { name: "Da ist etwas schief gelaufen" }).querySelectorAll("p")].map(
    (paragraph) => paragraph.textContent,
  );

describe("ErrorScreen", () => {
  it("shows the German heading and text, then the status of a route error response", () => {
    render(<ErrorScreen error={routeErrorResponse(404, "Not Found")} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Da ist etwas schief gelaufen");
    expect(paragraphs()).toEqual(["Leider konnten wir die Seite nicht finden", "404 Not Found"]);
  });

  it("shows an Error's message and never its stack", () => {
    const error = new Error("Header/footer: Der Inhaltsdienst antwortete mit 500");
    error.stack = "Error: boom\n    at secretFunction (/srv/app/root.tsx:12:3)";
    const { container } = render(<ErrorScreen error={error} />);
    expect(paragraphs()[1]).toBe("Header/footer: Der Inhaltsdienst antwortete mit 500");
    expect(container.textContent).not.toContain("secretFunction");
    expect(container.textContent).not.toContain("at ");
  });

  it("describes content service rejections and unknown values", () => {
    expect(errorDetail({ message: "Not found", status: 404, response: { statusText: "Not Found" } })).toBe(
      "Der Inhaltsdienst antwortete mit 404 (Not Found)",
    );
    expect(errorDetail({ message: "fetch failed" })).toBe("Der Inhaltsdienst ist nicht erreichbar (fetch failed)");
    expect(errorDetail(undefined)).toBe("Unbekannter Fehler");
  });

  it("shows the status of a response thrown by a loader", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => null,
        loader: () => {
          throw data(null, { status: 503, statusText: "Service Unavailable" });
        },
        ErrorBoundary: () => <ErrorScreen error={useRouteError()} />,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    await screen.findByRole("region", { name: "Da ist etwas schief gelaufen" });
    expect(paragraphs()[1]).toBe("503 Service Unavailable");
  });
});
