import fc from "fast-check";
import { blok, flag, listOf, storyArb, unknownBlokArb } from "./bloks";
import { assetArb, linkArb, taggedAssetArb } from "./media";
import { richTextFieldArb } from "./rich-text";
import { notAListArb, scalarArb, textArb, uidArb } from "./values";

/** Article stories, with what the media grid must show for their Wrapper (the tests' oracle). */

/** A media entry of an article (`raw`), with what its cell must show (`kind`). */
const mediaEntrySpecArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        taggedAssetArb,
        fc.record(
          { Fullsize: flag, right: flag, vertical: flag, component: fc.constant("media") },
          { requiredKeys: [], noNullPrototype: true },
        ),
        uidArb,
      )
      .map(([asset, fields, uid]) => ({ raw: { _uid: uid, ...fields, Image: asset.value }, kind: asset.kind })),
  },
  // an entry that is no object at all holds no image
  { weight: 1, arbitrary: scalarArb.map((raw) => ({ raw, kind: "none" as const })) },
);

/**
 * The Wrapper field of an article (`raw`) and the messages/media its grid must show, in order (`cells`; null:
 * Wrapper is not a list, 'no Image').
 */
export const wrapperSpecArb = fc.oneof(
  { weight: 1, arbitrary: notAListArb.map((raw) => ({ raw, cells: null })) },
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.oneof(
          {
            weight: 5,
            arbitrary: fc
              .tuple(
                fc.oneof(
                  {
                    weight: 5,
                    arbitrary: fc
                      .array(mediaEntrySpecArb, { maxLength: 4 })
                      .map((entries) => ({ list: true as const, entries })),
                  },
                  { weight: 1, arbitrary: notAListArb.map((raw) => ({ list: false as const, raw })) },
                ),
                uidArb,
              )
              .map(([media, uid]) => ({
                raw: {
                  component: "ImagesArticle",
                  _uid: uid,
                  media: media.list ? media.entries.map((entry) => entry.raw) : media.raw,
                },
                cells: media.list ? media.entries.map((entry) => entry.kind) : (["not-a-list"] as const),
              })),
          },
          // other bloks and strays show nothing
          {
            weight: 1,
            arbitrary: fc
              .oneof(unknownBlokArb, scalarArb, fc.constant({ media: [{ Image: { filename: "x.jpg" } }] }))
              .map((raw) => ({ raw, cells: [] as const })),
          },
        ),
        { maxLength: 4 },
      )
      .map((bloks) => ({ raw: bloks.map((item) => item.raw), cells: bloks.flatMap((item) => [...item.cells]) })),
  },
);

export const articleContentArb = fc.record(
  {
    _uid: uidArb,
    component: fc.constantFrom<unknown>("article", "evil", undefined),
    Header: assetArb,
    Headline: fc.oneof(textArb, scalarArb),
    Text: richTextFieldArb,
    Link: linkArb,
    Icon: assetArb,
    info: listOf(
      blok("info", {
        Client: fc.oneof(textArb, scalarArb),
        Services: fc.oneof(textArb, scalarArb),
        Headline01: fc.oneof(textArb, scalarArb),
      }),
      2,
    ),
    Wrapper: wrapperSpecArb.map((spec) => spec.raw),
  },
  { requiredKeys: [], noNullPrototype: true },
);
export const articleStoryArb = storyArb(articleContentArb);
