import { describe, expect, it } from "vitest";
import { fieldLanguage, untranslatedLanguage } from "./text-language";

describe("fieldLanguage", () => {
  it("on a default-language page: the editor's marker, else the default language", () => {
    expect(fieldLanguage({ value: "Hafenkino — cinema under the cranes", page: "de", marker: "en" })).toBe("en");
    expect(fieldLanguage({ value: "Pixelweide — Satellitendaten für Schafe", page: "de", marker: "" })).toBe("de");
    expect(fieldLanguage({ value: "Pixelweide", page: "de" })).toBe("de");
  });

  it("on a translated page: a value equal to the reference's is in the reference's language", () => {
    // Storyblok answers an untranslated field with the German value
    const german = { value: "Atlas der Stille — mapping the quietest places", language: "en" as const };
    expect(fieldLanguage({ value: german.value, page: "en", reference: german })).toBe("en");
    const untranslated = { value: "Unser Jahresheft über abgebrochene Projekte.", language: "de" as const };
    expect(fieldLanguage({ value: untranslated.value, page: "en", reference: untranslated })).toBe("de");
  });

  it("on a translated page: any other value is the translation, in the page's language", () => {
    const reference = { value: "Pixelweide — Satellitendaten für Schafe", language: "de" as const };
    expect(fieldLanguage({ value: "Pixelweide — satellite data for sheep", page: "en", reference })).toBe("en");
    // the marker describes the German text, not a translation
    expect(fieldLanguage({ value: "Pixelweide — satellite data", page: "en", marker: "de", reference })).toBe("en");
    // nothing to compare with: taken as a translation, or as not known where that is asked for
    expect(fieldLanguage({ value: "Unser Jahresheft", page: "en" })).toBe("en");
    expect(fieldLanguage({ value: "Unser Jahresheft", page: "en", uncompared: "unknown" })).toBeNull();
    // equal to a text whose language is not known
    expect(
      fieldLanguage({ value: "Kanaltöne", page: "en", reference: { value: "Kanaltöne", language: null } }),
    ).toBeNull();
  });

  it("compares rich text by its content", () => {
    const doc = (text: string) => ({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text }] }],
    });
    const reference = { value: doc("Ein Blick auf die Details:"), language: "de" as const };
    expect(fieldLanguage({ value: doc("Ein Blick auf die Details:"), page: "en", reference })).toBe("de");
    expect(fieldLanguage({ value: doc("A look at the details:"), page: "en", reference })).toBe("en");
  });
});

describe("untranslatedLanguage", () => {
  it("is the editor's marker, else the default language: a text never translated is the default story's", () => {
    expect(untranslatedLanguage("en")).toBe("en");
    expect(untranslatedLanguage("")).toBe("de");
    expect(untranslatedLanguage()).toBe("de");
  });
});
