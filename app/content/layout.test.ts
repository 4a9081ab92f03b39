import { describe, expect, it } from "vitest";
import { parseFooterContent, parseFooterStory, parseHeaderStory, parseImage } from "./layout";
import { uiText } from "../ui-text";
import { isAboutPath } from "./about-variant";

const asset = (filename: string, alt = "") => ({ id: 1, filename, alt, name: "", title: "", fieldtype: "asset" });
const storyLink = (slug: string) => ({ id: "u", url: "", cached_url: slug, linktype: "story", fieldtype: "multilink" });

const headerStory = {
  id: 11,
  slug: "header",
  content: {
    component: "header",
    body: [
      {
        _uid: "h1",
        component: "header_content",
        _editable: '<!--#storyblok#{"name": "header_content", "space": "1", "uid": "h1", "id": "11"}-->',
        Logo: asset("https://a.storyblok.com/f/287401/120x24/ab12/logo.svg", "Studio Halbton"),
        Index: storyLink("index"),
        IndexLabel: "Projekte",
        Link: storyLink("about"),
        LinkLabel: "Studio",
        Burger: asset("https://a.storyblok.com/f/287401/24x24/cd34/burger.svg", "Menu"),
        Close: asset("https://a.storyblok.com/f/287401/24x24/ef56/close.svg", "Close"),
      },
    ],
  },
};

const footerStory = {
  id: 12,
  content: {
    component: "footer",
    body: [
      {
        _uid: "f1",
        component: "footer_content",
        Text: "Studio für Gestaltung\nBerlin",
        Imprint: storyLink("imprint"),
        ImprintLabel: "Impressum",
        email: { linktype: "email", email: "hallo@halbton.example", url: "", cached_url: "" },
        Icon: asset("https://a.storyblok.com/f/287401/32x32/aa11/instagram.svg", "Instagram"),
        SocialMedia: {
          linktype: "url",
          url: "https://instagram.com/halbton",
          cached_url: "https://instagram.com/halbton",
        },
        Copyright: "© 2025 Studio Halbton",
        LogoBig: "Halbton",
      },
    ],
  },
};

describe("parseHeaderStory", () => {
  it("turns the header entry into the header view model", () => {
    const view = parseHeaderStory(headerStory);
    expect(view.storyId).toBe(11);
    expect(view.logo).toEqual({
      src: "https://a.storyblok.com/f/287401/120x24/ab12/logo.svg",
      alt: "Studio Halbton",
      width: 120,
      height: 24,
    });
    expect(view.logoLabel).toBe("Studio Halbton");
    expect(view.links).toEqual([
      { href: "/index", label: "Projekte", internal: true, newTab: false },
      { href: "/about", label: "Studio", internal: true, newTab: false },
    ]);
    expect(view.burgerIcon?.src).toContain("burger.svg");
    expect(view.closeIcon?.src).toContain("close.svg");
    expect(view.editable["data-blok-uid"]).toBe("11-h1");
  });

  it("falls back to safe defaults when the body is missing", () => {
    for (const story of [
      undefined,
      null,
      {},
      { content: {} },
      { content: { body: "nope" } },
      { content: { body: [] } },
    ]) {
      const view = parseHeaderStory(story);
      expect(view.logo).toBeNull();
      expect(view.logoLabel).toBe(uiText.de.homeLinkLabel);
      expect(view.links.map((link) => [link.href, link.label])).toEqual([
        ["/index", "Index"],
        ["/about", "About"],
      ]);
      expect(view.burgerIcon).toBeNull();
      expect(view.editable).toEqual({});
    }
  });

  it("survives fields of the wrong type and empty assets", () => {
    const view = parseHeaderStory({
      id: "11",
      content: {
        body: [
          {
            component: "header_content",
            Logo: { filename: "", alt: "x" },
            Index: 42,
            IndexLabel: ["Projekte"],
            Link: { linktype: "url", url: "javascript:alert(1)" },
            LinkLabel: "   ",
            Burger: null,
            Close: "close.svg",
          },
        ],
      },
    });
    expect(view.storyId).toBeNull();
    expect(view.logo).toBeNull();
    expect(view.links).toEqual([
      { href: "/index", label: "Index", internal: true, newTab: false },
      { href: "/about", label: "About", internal: true, newTab: false },
    ]);
    expect(view.burgerIcon).toBeNull();
    expect(view.closeIcon).toBeNull();
  });
});

describe("parseFooterStory", () => {
  it("turns the footer entry into the footer view model", () => {
    const view = parseFooterStory(footerStory);
    expect(view.storyId).toBe(12);
    expect(view.text).toBe("Studio für Gestaltung\nBerlin");
    expect(view.imprint).toEqual({ href: "/imprint", label: "Impressum", internal: true, newTab: false });
    expect(view.email).toEqual({
      href: "mailto:hallo@halbton.example",
      label: "hallo@halbton.example",
      internal: false,
      newTab: false,
    });
    expect(view.social?.href).toBe("https://instagram.com/halbton");
    expect(view.social?.label).toBe("Instagram");
    expect(view.social?.newTab).toBe(true);
    expect(view.social?.icon?.width).toBe(32);
    expect(view.copyright).toBe("© 2025 Studio Halbton");
    expect(view.logoBig).toBe("Halbton");
  });

  it("falls back to safe defaults when the body is missing", () => {
    const view = parseFooterStory({ id: 3, content: { component: "footer" } });
    expect(view).toEqual({
      storyId: 3,
      editable: {},
      text: "",
      imprint: {
        href: "/imprint",
        label: uiText.de.imprintLinkLabel,
        internal: true,
        newTab: false,
      },
      email: null,
      social: null,
      copyright: "",
      logoBig: "",
    });
  });

  it("drops links that are not what their field promises", () => {
    const view = parseFooterContent({
      body: [
        {
          component: "footer_content",
          Text: 5,
          email: { linktype: "url", url: "https://example.com" },
          SocialMedia: { linktype: "url", url: "data:text/html,<script>alert(1)</script>" },
          Icon: { filename: "" },
          Copyright: { text: "x" },
          LogoBig: null,
        },
      ],
    });
    expect(view.text).toBe("");
    expect(view.email).toBeNull();
    expect(view.social).toBeNull();
    expect(view.copyright).toBe("");
    expect(view.logoBig).toBe("");
  });

  it("labels a social link without an icon alt", () => {
    const view = parseFooterContent({
      body: [{ component: "footer_content", SocialMedia: { linktype: "url", url: "https://vimeo.com/halbton" } }],
    });
    expect(view.social).toEqual({
      href: "https://vimeo.com/halbton",
      label: uiText.de.socialLinkLabel,
      internal: false,
      newTab: true,
      icon: null,
    });
  });
});

describe("parseImage", () => {
  it("accepts absolute and root-relative URLs only", () => {
    expect(parseImage(asset("https://a.storyblok.com/f/1/10x10/a/x.svg"))?.src).toBe(
      "https://a.storyblok.com/f/1/10x10/a/x.svg",
    );
    expect(parseImage(asset("/f/1/x.svg"))?.src).toBe("/f/1/x.svg");
    expect(parseImage(asset("javascript:alert(1)"))).toBeNull();
    expect(parseImage(asset(""))).toBeNull();
    expect(parseImage(undefined)).toBeNull();
  });
});

describe("isAboutPath", () => {
  it.each([
    ["/about", true],
    ["/about/", true],
    ["/", false],
    ["/about-us", false],
    ["/articles/about", false],
  ])("%s: %s", (path, expected) => {
    expect(isAboutPath(path)).toBe(expected);
  });
});
