/** The attributes the visual editor needs on a blok's element; none outside the preview. */
export type EditableAttributes = Record<string, string>;

/**
 * The attributes Storyblok's visual editor needs on a blok's element, as the
 * SDK's `storyblokEditable` (@storyblok/js 6.3.0) makes them from the blok's
 * `_editable` comment. A local copy: importing the SDK's function would put
 * the SDK (and its API client) into every page's first load. editable.test.ts
 * checks that both give the same answers.
 */
export function editableAttributes(blok: { _editable?: unknown }): EditableAttributes {
  if (typeof blok._editable !== "string") return {};
  try {
    // `<!--#storyblok#{"id":..,"uid":..,...}-->`
    const data: unknown = JSON.parse(blok._editable.replace(/^<!--#storyblok#/, "").replace(/-->$/, ""));
    if (!data) return {};
    const { id, uid } = data as { id?: unknown; uid?: unknown };
    // String() like the SDK's template literal: may throw (e.g. {"toString":1}), which yields {} as there
    return { "data-blok-c": JSON.stringify(data), "data-blok-uid": `${String(id)}-${String(uid)}` };
  } catch {
    return {};
  }
}
