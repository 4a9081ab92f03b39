import { describe, expect, it } from "vitest";
import { parseArticleStory } from "./article";
import { parseFooterContent, parseHeaderContent } from "./layout";
import { creativeWorkJsonLd, organizationJsonLd, serializeJsonLd } from "./structured-data";

const site = { name: "Studio Halbton", image: null };
const header = parseHeaderContent({
  body: [
    {
      component: "header_content",
      Logo: { filename: "https://a.storyblok.com/f/287401/120x24/ab/logo.svg", alt: "Studio Halbton" },
    },
  ],
});
const footer = parseFooterContent({
  body: [
    {
      component: "footer_content",
      email: { linktype: "email", email: "hallo@studio-halbton.example" },
      SocialMedia: { linktype: "url", url: "https://www.instagram.com/studio.halbton" },
      Icon: { filename: "https://a.storyblok.com/f/287401/24x24/ab/instagram.svg", alt: "Instagram" },
    },
  ],
});

describe("serializeJsonLd", () => {
  it("escapes what could end the script element, and stays the same JSON", () => {
    const data = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe("organizationJsonLd", () => {
  it("names the studio with its site, logo, e-mail and social profile", () => {
    expect(organizationJsonLd({ site, header, footer }, "https://studio.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://studio.example/#organization",
      name: "Studio Halbton",
      url: "https://studio.example/",
      knowsLanguage: ["de", "en"],
      logo: "https://a.storyblok.com/f/287401/120x24/ab/logo.svg",
      email: "hallo@studio-halbton.example",
      sameAs: ["https://www.instagram.com/studio.halbton"],
    });
  });

  it("leaves out what is unknown (no SITE_URL, no footer)", () => {
    const data = JSON.parse(serializeJsonLd(organizationJsonLd({ site, header: null, footer: null }, ""))) as Record<
      string,
      unknown
    >;
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Studio Halbton",
      knowsLanguage: ["de", "en"],
    });
  });
});

describe("creativeWorkJsonLd", () => {
  it("describes an article as a work by the studio, about its client", () => {
    const article = parseArticleStory({
      name: "Hafenkino",
      full_slug: "articles/hafenkino",
      tag_list: ["Poster", "Branding"],
      published_at: "2024-06-01T10:00:00.000Z",
      first_published_at: "2024-05-09T08:22:00.000Z",
      content: {
        Headline: "Cinema under the cranes",
        Header: { filename: "https://a.storyblok.com/f/287401/1600x1000/a/h.webp", alt: "Key visual" },
        info: [{ Client: "Hafenkino Treptow", Headline01: "Posters for dusk" }],
      },
    });
    expect(creativeWorkJsonLd(article, site, "https://studio.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      "@id": "https://studio.example/articles/hafenkino#work",
      url: "https://studio.example/articles/hafenkino",
      name: "Hafenkino",
      headline: "Cinema under the cranes",
      description: "Posters for dusk",
      image: {
        "@type": "ImageObject",
        contentUrl:
          "https://a.storyblok.com/f/287401/1600x1000/a/h.webp/m/1200x630/smart/filters:quality(80):format(jpeg)",
        caption: "Key visual",
      },
      creator: {
        "@type": "Organization",
        "@id": "https://studio.example/#organization",
        name: "Studio Halbton",
        url: "https://studio.example/",
      },
      keywords: ["Poster", "Branding"],
      datePublished: "2024-05-09T08:22:00.000Z",
      dateModified: "2024-06-01T10:00:00.000Z",
      about: { "@type": "Organization", name: "Hafenkino Treptow" },
      inLanguage: "de",
    });
  });

  it("credits the header image with its copyright, and an image without one with none", () => {
    const header = (copyright: string) =>
      creativeWorkJsonLd(
        parseArticleStory({
          name: "Hafenkino",
          full_slug: "articles/hafenkino",
          content: {
            Header: { filename: "https://a.storyblok.com/f/287401/1600x1000/a/h.webp", alt: "", copyright },
          },
        }),
        site,
        "https://studio.example",
      ).image;
    expect(header("© Studio Halbton")).toMatchObject({
      "@type": "ImageObject",
      copyrightNotice: "© Studio Halbton",
      creditText: "Studio Halbton",
    });
    const uncredited = header(" ") as Record<string, unknown>;
    expect([uncredited.copyrightNotice, uncredited.creditText]).toEqual([undefined, undefined]);
  });
});
