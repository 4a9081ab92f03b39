import fc from "fast-check";
import { blok, bodyOf, flag, listOf, pageContent, storyArb, tagsArb, unknownBlokArb } from "./bloks";
import { assetArb, linkArb, type MediaClass, taggedAssetArb } from "./media";
import { richTextArb, richTextFieldArb } from "./rich-text";
import { scalarArb, textArb, uidArb, wrongArb } from "./values";

/** Story shapes per page, some with what the page must show for them (the tests' oracle). */

export const slideArb = blok("slide", { Image: assetArb, PhoneSize: assetArb, link: linkArb });

/** A list entry with an asset field, and the class of that asset: what its tile or item must show. */
export interface AssetItemSpec {
  raw: Record<string, unknown>;
  kind: MediaClass;
}

/** An entry of `fields` and an asset in `assetField` (left out now and then when it holds nothing, if `mayOmit`). */
function assetItemSpecArb(
  assetField: string,
  fields: Record<string, fc.Arbitrary<unknown>>,
  mayOmit: boolean,
): fc.Arbitrary<AssetItemSpec> {
  return fc
    .tuple(
      taggedAssetArb,
      fc.record(fields, { requiredKeys: [], noNullPrototype: true }),
      mayOmit ? fc.boolean() : fc.constant(true),
      uidArb,
    )
    .map(([asset, values, present, uid]) => ({
      raw: { _uid: uid, ...values, ...(present || asset.kind !== "none" ? { [assetField]: asset.value } : {}) },
      kind: asset.kind,
    }));
}

export type GalleryItemSpec = AssetItemSpec;

export const galleryItemSpecArb = assetItemSpecArb(
  "Image",
  {
    Name: fc.oneof({ weight: 3, arbitrary: textArb }, { weight: 1, arbitrary: scalarArb }),
    Tags: tagsArb,
    link: linkArb,
    component: fc.constantFrom<unknown>("gallery_item", undefined, 5),
  },
  true,
);

export const heroBlokArb = blok("hero", {
  CaruselYN: flag,
  Photo: listOf(slideArb, 4),
  Image: listOf(slideArb, 2),
});

export const galleryBlokArb = blok("gallery", {
  ImageData: listOf(
    galleryItemSpecArb.map((spec) => spec.raw),
    8,
  ),
});

export const homeStoryArb = storyArb(
  pageContent(
    "page",
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(heroBlokArb, galleryBlokArb) },
      {
        weight: 2,
        arbitrary: fc.tuple(
          fc.oneof(heroBlokArb, unknownBlokArb, scalarArb),
          fc.oneof(galleryBlokArb, unknownBlokArb, scalarArb),
          unknownBlokArb,
        ),
      },
      { weight: 1, arbitrary: bodyOf(heroBlokArb, galleryBlokArb) },
    ),
  ),
);

export const articleUuidArb = fc.constantFrom("uuid-a", "uuid-b", "uuid-c", "uuid-d", "uuid-gone", "uuid-broken", "");
export const indexStoryArb = storyArb(
  pageContent(
    "index",
    bodyOf(
      blok("article_list", {
        Title: fc.oneof(textArb, scalarArb),
        Articles: fc.oneof(
          {
            weight: 5,
            arbitrary: fc.array(
              fc.oneof({ weight: 5, arbitrary: articleUuidArb }, { weight: 1, arbitrary: scalarArb }),
              { maxLength: 8 },
            ),
          },
          { weight: 1, arbitrary: wrongArb },
        ),
      }),
    ),
  ),
);

export const imprintTextArb = blok("imprint_text", { Text: richTextFieldArb });
export const imprintStoryArb = storyArb(pageContent("imprint", bodyOf(imprintTextArb, imprintTextArb)));

export const overviewItemSpecArb = assetItemSpecArb(
  "Asset",
  { Headline: fc.oneof(textArb, scalarArb), Text: richTextArb, component: fc.constant("overview_item") },
  false,
);

export const aboutBlockArb = blok("about_block", { Headline: fc.oneof(textArb, scalarArb), Text: richTextFieldArb });
export const overviewBlokArb = blok("overview", {
  Headline: fc.oneof(textArb, scalarArb),
  Text: richTextArb,
  Items: listOf(
    overviewItemSpecArb.map((spec) => spec.raw),
    5,
  ),
});
export const masonryBlokArb = blok("masonry", {
  Headline: fc.oneof(textArb, scalarArb),
  Tiles: listOf(blok("masonry_tile", { Media: assetArb, Info: fc.oneof(textArb, scalarArb), Tags: tagsArb }), 6),
});
export const aboutStoryArb = storyArb(pageContent("about", bodyOf(aboutBlockArb, overviewBlokArb, masonryBlokArb)));

export const headerContentArb = pageContent(
  "header",
  bodyOf(
    blok("header_content", {
      Logo: assetArb,
      Index: linkArb,
      IndexLabel: fc.oneof(textArb, scalarArb),
      Link: linkArb,
      LinkLabel: fc.oneof(textArb, scalarArb),
      Burger: assetArb,
      Close: assetArb,
    }),
  ),
);
export const headerStoryArb = storyArb(headerContentArb);

export const footerContentArb = pageContent(
  "footer",
  bodyOf(
    blok("footer_content", {
      Text: fc.oneof(textArb, scalarArb),
      Imprint: linkArb,
      ImprintLabel: fc.oneof(textArb, scalarArb),
      email: linkArb,
      Icon: assetArb,
      SocialMedia: linkArb,
      Copyright: fc.oneof(textArb, scalarArb),
      LogoBig: fc.oneof(textArb, scalarArb),
    }),
  ),
);
export const footerStoryArb = storyArb(footerContentArb);
