import type { ComponentCreate, Field } from "@storyblok/management-api-client";
import type { ComponentDefinition } from "../../app/content/schema/component";
import type { FieldDefinition } from "../../app/content/schema/fields";

/**
 * The site's components in Storyblok's own component-definition format: the
 * `components` of the Management API (what `POST /spaces/{id}/components`
 * takes) and of the official CLI's `components pull` / `components push`
 * files, a JSON array of components.
 */
export type StoryblokComponent = Omit<ComponentCreate, "schema"> & { schema: Record<string, Field> };

function storyblokField(definition: FieldDefinition, pos: number): Field {
  return {
    type: definition.type,
    pos,
    display_name: definition.display,
    ...(definition.description ? { description: definition.description } : {}),
    ...(definition.required ? { required: true } : {}),
    ...(definition.translatable ? { translatable: true } : {}),
    ...definition.storyblok,
  } as Field;
}

export function storyblokComponent(component: ComponentDefinition): StoryblokComponent {
  const fields = Object.entries(component.fields);
  return {
    name: component.name,
    display_name: component.display,
    description: component.description,
    is_root: component.root,
    is_nestable: !component.root,
    ...(component.preview ? { preview_field: component.preview } : {}),
    schema: Object.fromEntries(fields.map(([name, field], pos) => [name, storyblokField(field.definition, pos)])),
  };
}
