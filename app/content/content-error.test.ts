import { describe, expect, it } from "vitest";
import { contentErrorStatus, describeContentError, UNKNOWN_ERROR_MESSAGE } from "./content-error";

describe("describeContentError", () => {
  it("reads the SDK's rejection of a non-2xx answer", () => {
    const rejection = {
      message: "This record could not be found",
      status: 404,
      response: { data: ["This record could not be found"], headers: {}, status: 404, statusText: "Not Found" },
    };
    expect(describeContentError(rejection)).toBe(
      "Der Inhaltsdienst antwortete mit 404 (Not Found: This record could not be found)",
    );
    expect(contentErrorStatus(rejection)).toBe(404);
  });

  it("does not repeat a message that equals the status text", () => {
    expect(
      describeContentError({ message: "Unauthorized", status: 401, response: { statusText: "Unauthorized" } }),
    ).toBe("Der Inhaltsdienst antwortete mit 401 (Unauthorized)");
    expect(describeContentError({ status: 500 })).toBe("Der Inhaltsdienst antwortete mit 500");
  });

  it("reads a network failure or timeout, which has a message and no status", () => {
    expect(describeContentError({ message: "fetch failed" })).toBe(
      "Der Inhaltsdienst ist nicht erreichbar (fetch failed)",
    );
    expect(describeContentError({ message: "Request timeout: The request was aborted due to timeout" })).toContain(
      "nicht erreichbar",
    );
    expect(contentErrorStatus({ message: "fetch failed" })).toBeNull();
  });

  it("passes Error messages and strings through", () => {
    expect(describeContentError(new Error("boom"))).toBe("boom");
    expect(describeContentError("kaputt")).toBe("kaputt");
  });

  it("never throws and never prints [object Object]", () => {
    for (const value of [undefined, null, 42, {}, [], { message: 5 }, { status: "404" }, Symbol("x")]) {
      const text = describeContentError(value);
      expect(text).not.toContain("[object");
      expect(text.length).toBeGreaterThan(0);
    }
    expect(describeContentError({})).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
