import { defineComponent, oneBlokStory } from "./component";
import { asset, multilink, text } from "./fields";

/** The site header on every page (SPEC 2, 3): the story `header`. */

export const headerContent = defineComponent("header_content", {
  display: "Header content",
  description: "The header's logo, its two links and the menu icons.",
  fields: {
    Logo: asset({
      display: "Logo",
      description: "The studio's logo, linking to the home page (an SVG); its alt text names the link.",
      filetypes: ["images"],
      required: true,
    }),
    Index: multilink({ display: "Index link", description: "The first link, to the project index (else /index)." }),
    IndexLabel: text({ display: "Index link text", description: "Else 'Index'.", translatable: true }),
    Link: multilink({ display: "Second link", description: "The second link, to a page of the site (else /about)." }),
    LinkLabel: text({ display: "Second link text", description: "Else 'About'.", translatable: true }),
    LanguageLabel: text({
      display: "Language link text",
      description:
        "The link to the same page in the other language: 'English' (German pages), translated as 'Deutsch' (English pages); else those.",
      translatable: true,
    }),
    Burger: asset({
      display: "Menu icon",
      description: "Opens the menu at 768 px and narrower (an SVG); else three lines.",
      filetypes: ["images"],
    }),
    Close: asset({
      display: "Close icon",
      description: "Closes the menu (an SVG); else a cross.",
      filetypes: ["images"],
    }),
  },
});

export const header = oneBlokStory("header", {
  display: "Header",
  description: "The story `header`: the site header on every page.",
  content: headerContent,
});
