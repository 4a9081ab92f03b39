// The demo space's stories in Storyblok's CDN story shape (see docs/content-model.md): ids, times, slugs.

import type { ComponentDefinition } from "../../app/content/schema/component";
import { COMPONENTS } from "../../app/content/schema/components";
import type { FieldDefinition } from "../../app/content/schema/fields";

export type Blok = { _uid: string; component: string } & Record<string, unknown>;

/** A story as Storyblok's CDN answers it: what storyShell makes. */
export type Story = ReturnType<typeof storyShell>;

export interface StoryFile {
  story: Story;
  /** Absent: published equals story. null: never published. */
  published?: Story | null;
}

export const ID_BASE = 612_340_001;
export const ARTICLES_FOLDER_ID = ID_BASE + 99;
export const ARTICLE_ID_BASE = ID_BASE + 100;
export const DAY = 86_400_000;
export const BASE_TIME = Date.UTC(2023, 0, 9, 9, 0, 0);
export const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

export interface Ref {
  uuid: string;
  fullSlug: string;
}

export function storyShell(
  o: {
    id: number;
    slug: string;
    fullSlug: string;
    name: string;
    parentId?: number;
    position?: number;
    createdAt: number;
    publishedAt: number | null;
    updatedAt?: number;
    tags?: string[];
  },
  content: Blok,
  ids: { uuid: string; groupId: string },
) {
  return {
    name: o.name,
    created_at: iso(o.createdAt),
    published_at: isoOrNull(o.publishedAt),
    updated_at: iso(o.updatedAt ?? o.publishedAt ?? o.createdAt),
    id: o.id,
    uuid: ids.uuid,
    content,
    slug: o.slug,
    full_slug: o.fullSlug,
    sort_by_date: null,
    position: o.position ?? 0,
    tag_list: o.tags ?? [],
    is_startpage: false,
    parent_id: o.parentId ?? 0,
    meta_data: null,
    group_id: ids.groupId,
    first_published_at: isoOrNull(o.publishedAt),
    release_id: null,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  };
}

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/&/g, "und")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Each component's names of the fields `test` picks, by component name (from the content model). */
export function fieldNamesByComponent(
  test: (definition: FieldDefinition) => boolean,
): ReadonlyMap<string, readonly string[]> {
  return new Map(
    COMPONENTS.map((component: ComponentDefinition) => [
      component.name,
      Object.entries(component.fields)
        .filter(([, field]) => test(field.definition))
        .map(([name]) => name),
    ]),
  );
}
