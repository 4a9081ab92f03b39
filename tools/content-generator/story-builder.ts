import type { MediaFile } from "./media";
import type { Ref } from "./story-shape";
import { STUDIO } from "./texts";

/** The fields of a story that point elsewhere: assets of the media catalogue, links to stories, URLs and addresses. */
export class Builder {
  private readonly media: Map<string, MediaFile>;

  constructor(
    readonly seed: string,
    media: readonly MediaFile[],
  ) {
    this.media = new Map(media.map((m) => [m.file, m]));
  }

  file(name: string): MediaFile {
    const m = this.media.get(name);
    if (!m) throw new Error(`media file not in the catalogue: ${name}`);
    return m;
  }

  asset(name: string, over: { alt?: string; name?: string; title?: string } = {}) {
    const m = this.file(name);
    return {
      id: m.id,
      filename: m.url,
      alt: over.alt ?? m.alt,
      name: over.name ?? m.name,
      title: over.title ?? "",
      focus: m.focus,
      copyright: `© ${STUDIO.name}`,
      fieldtype: "asset",
    };
  }

  storyLink(target: Ref) {
    return {
      id: target.uuid,
      url: "",
      cached_url: target.fullSlug,
      linktype: "story",
      target: "_self",
      anchor: "",
      fieldtype: "multilink",
    };
  }

  urlLink(url: string, extra: Record<string, string> = {}) {
    return {
      id: "",
      url,
      cached_url: url,
      linktype: "url",
      target: "_blank",
      anchor: "",
      fieldtype: "multilink",
      ...extra,
    };
  }

  emptyLink() {
    return { id: "", url: "", cached_url: "", linktype: "story", fieldtype: "multilink" };
  }

  emailLink(address: string) {
    return {
      id: "",
      url: address,
      cached_url: address,
      email: address,
      linktype: "email",
      target: "_self",
      anchor: "",
      fieldtype: "multilink",
    };
  }
}
