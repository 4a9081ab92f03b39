import { defineComponent, oneBlokStory } from "./component";
import { storyReferences, text } from "./fields";

/** The project index (SPEC 2, 3): the story `index`. */

export const articleList = defineComponent("article_list", {
  display: "Article list",
  description: "The articles the index lists, in this order.",
  preview: "Title",
  fields: {
    Title: text({ display: "Title", description: "The page heading; else 'Index'.", translatable: true }),
    Articles: storyReferences({
      display: "Articles",
      description: "Unpublished or deleted ones are left out.",
      folder: "articles/",
      contentType: "article",
      required: true,
    }),
  },
});

export const index = oneBlokStory("index", {
  display: "Index",
  description: "The story `index`: the list of projects.",
  content: articleList,
});
