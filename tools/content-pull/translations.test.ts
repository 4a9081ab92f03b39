import { describe, expect, it } from "vitest";
import { mergeTranslatedStory } from "./translations";

describe("mergeTranslatedStory", () => {
  const german = {
    uuid: "u1",
    content: {
      _uid: "root",
      component: "article",
      Headline: "Klang am Wasser",
      Client: "Kanalverein",
      info: [{ _uid: "info-1", component: "info", Services: "Klanggestaltung", Headline01: "Gleich" }],
    },
  };

  it("stores the fields whose answer in the language differs as __i18n__ keys, bloks matched by _uid", () => {
    const english = {
      uuid: "u1",
      lang: "en",
      content: {
        _uid: "root",
        component: "article",
        Headline: "Sound by the water",
        Client: "Kanalverein",
        info: [{ _uid: "info-1", component: "info", Services: "Sound design", Headline01: "Gleich" }],
      },
    };
    const merged = mergeTranslatedStory(german, english, "en");
    expect(merged.content).toEqual({
      ...german.content,
      Headline__i18n__en: "Sound by the water",
      info: [{ ...german.content.info[0], Services__i18n__en: "Sound design" }],
    });
    // the default story is left as it was
    expect(german.content).not.toHaveProperty("Headline__i18n__en");
  });

  it("keeps the story as it is without an answer in the language, and ignores bloks the default lacks", () => {
    expect(mergeTranslatedStory(german, undefined, "en")).toBe(german);
    const extra = {
      content: { ...german.content, info: [{ _uid: "other", component: "info", Services: "Elsewhere" }] },
    };
    expect(mergeTranslatedStory(german, extra, "en").content).toEqual(german.content);
  });
});
