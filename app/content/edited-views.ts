import { parseArticleStory, parseOtherProject, type ArticlePage } from "./article";
import { parseArticleListEntry, parseIndexStory, type ArticleListEntry, type IndexStory } from "./article-index";
import type { StoryEdit } from "./live-edits";
import type { Language } from "../language";

/**
 * The views that show a story the visual editor has open, as it is edited
 * (README, "The visual editor"): an article's page and the index, with the
 * cards and rows of other articles. Routes load this in the editor only.
 */

type FoundArticlePage = Extract<ArticlePage, { status: "found" }>;

/** An article's page: the article itself, or the card of the other article that is open in the editor. */
export function articlePageWithEdit(page: FoundArticlePage, edit: StoryEdit, language: Language): FoundArticlePage {
  if (page.article.storyId === edit.storyId)
    return { ...page, article: parseArticleStory(edit.story, language, page.article) };
  const isEdited = (project: { storyId: number | null }) => project.storyId === edit.storyId;
  if (!page.otherProjects.some(isEdited)) return page;
  const card = parseOtherProject(edit.story, language);
  if (!card) return page;
  return { ...page, otherProjects: page.otherProjects.map((project) => (isEdited(project) ? card : project)) };
}

/**
 * The index as the visual editor edits it: its own story (`uuids` null until an edit of it arrives: the
 * loader's rows stand), or the article the editor has open (`article`: that article's row as edited).
 */
export type EditedIndex = Omit<IndexStory, "uuids"> & { uuids: string[] | null; article: ArticleListEntry | null };

/** The index's own edits parsed; an edit of an article, the row it makes (while it has a page to link to). */
export function indexWithEdit(index: EditedIndex, edit: StoryEdit): EditedIndex {
  if (edit.storyId === index.storyId) return { ...parseIndexStory(edit.story), article: null };
  const article = parseArticleListEntry(edit.story);
  return { ...index, article: article?.slug ? article : null };
}
