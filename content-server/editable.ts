import { walk } from "./content-tree";

/**
 * `_editable`: the comment Storyblok's CDN puts on every blok of a draft
 * answer, from which the visual editor's SDKs make `data-blok-c` and
 * `data-blok-uid`. Never in published answers. The format is the one the
 * API really sends, with a space after every `:` and `,`
 * (storyblok-ruby-client spec/fixtures/vcr_cassettes/.../When_querying_the_draft_version/.../returns_a_list_of_stories.yml:
 * `<!--#storyblok#{"name": "teaser", "space": "1000126", "uid": "2606...", "id": "172"}-->`).
 */

type Json = Record<string, unknown>;

function isBlok(value: Json): boolean {
  return typeof value.component === "string" && typeof value._uid === "string";
}

/** The story's JSON with `_editable` on every blok, as a draft answer carries it. */
export function draftStoryJson(story: Json & { id: number }, spaceId: number): string {
  return JSON.stringify(story, (_key, value: unknown) => {
    if (value === null || typeof value !== "object" || Array.isArray(value) || !isBlok(value as Json)) return value;
    const blok = value as Json;
    const data = `"name": ${JSON.stringify(blok.component)}, "space": "${spaceId}", "uid": ${JSON.stringify(blok._uid)}, "id": "${story.id}"`;
    return { ...blok, _editable: `<!--#storyblok#{${data}}-->` };
  });
}

/**
 * Removes every `_editable` from a content tree in place: a draft export of
 * a real space carries them, and a published answer must not, nor a draft
 * answer of this space one with another space's id.
 */
export function stripEditable(node: unknown): void {
  walk(node, (obj) => {
    delete obj._editable;
  });
}
