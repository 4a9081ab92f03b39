import fc from "fast-check";
import { anyValueArb, keyArb, notAListArb, scalarArb, textArb, uidArb, wrongArb } from "./values";

/** Bloks and the story envelope: unknown components, lists with strays, every key optional. */

const UNKNOWN_COMPONENTS = [
  "evil",
  "script",
  "iframe",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "",
  " ",
  "Header",
  "ImagesArticle ",
  "page",
  "<img src=x onerror=alert(1)>",
];

/** A blok the page does not know (or a known one in the wrong place), with random fields. */
export const unknownBlokArb: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...UNKNOWN_COMPONENTS),
      fc.constantFrom(
        "header",
        "footer",
        "hero",
        "gallery",
        "about_block",
        "overview",
        "masonry",
        "imprint_text",
        "media",
        "info",
      ),
      fc.string({ maxLength: 10 }),
    ),
    uidArb,
    fc.dictionary(keyArb, anyValueArb, { maxKeys: 4, noNullPrototype: true }),
  )
  .map(([component, uid, fields]) => ({ ...fields, component, _uid: uid }));

/** A list field: usually a list of `item`s with strays, sometimes not a list at all. */
export function listOf<T>(item: fc.Arbitrary<T>, maxLength = 6): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(
        fc.oneof(
          { weight: 6, arbitrary: item },
          { weight: 1, arbitrary: unknownBlokArb },
          { weight: 1, arbitrary: scalarArb },
        ),
        { maxLength },
      ),
    },
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 2, arbitrary: notAListArb },
  );
}

/** A record with every key optional (missing fields are the commonest fault). */
export function blok(
  component: string,
  model: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [], noNullPrototype: true }),
      fc.oneof(
        { weight: 9, arbitrary: fc.constant(component) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, 5, null, component.toUpperCase()) },
      ),
      uidArb,
    )
    .map(([fields, name, uid]) => ({ _uid: uid, ...fields, ...(name === undefined ? {} : { component: name }) }));
}

export const flag = fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: scalarArb });
const tagArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "Research",
      "Typefont",
      "Poster",
      "Digital",
      "Animation",
      "Website",
      "Branding",
      "Sound",
      "poster",
      " Poster ",
      "",
    ),
  },
  { weight: 1, arbitrary: textArb },
  { weight: 1, arbitrary: scalarArb },
);
export const tagsArb = fc.oneof(
  { weight: 5, arbitrary: fc.array(tagArb, { maxLength: 5 }) },
  { weight: 1, arbitrary: notAListArb },
);

/** The story envelope around `content`: any field may be missing or of the wrong type. */
export function storyArb(contentArb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record(
        {
          id: fc.oneof({ weight: 3, arbitrary: fc.nat() }, { weight: 1, arbitrary: scalarArb }),
          uuid: fc.oneof(fc.uuid(), scalarArb),
          name: fc.oneof({ weight: 3, arbitrary: textArb }, { weight: 1, arbitrary: scalarArb }),
          slug: fc.oneof(fc.constantFrom("hafenkino", "", "a/b", "..", "home"), textArb, scalarArb),
          full_slug: fc.oneof(
            fc.constantFrom("articles/hafenkino", "articles/", "", "articles/a/b", "/", "articles/.."),
            textArb,
            scalarArb,
          ),
          tag_list: tagsArb,
          is_startpage: flag,
          content: fc.oneof({ weight: 8, arbitrary: contentArb }, { weight: 1, arbitrary: wrongArb }),
        },
        { requiredKeys: [], noNullPrototype: true },
      ),
    },
    { weight: 1, arbitrary: wrongArb },
  );
}

export function bodyOf(...bloks: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.oneof(...bloks, unknownBlokArb, scalarArb), { maxLength: 5 }) },
    { weight: 1, arbitrary: wrongArb },
  );
}

export const pageContent = (component: string, body: fc.Arbitrary<unknown>) =>
  fc.record(
    { _uid: uidArb, component: fc.constantFrom<unknown>(component, "evil", undefined), body },
    { requiredKeys: ["body"], noNullPrototype: true },
  );
