import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { COMPONENTS } from "../../app/content/schema/components";
import { fieldTables, withFieldTables } from "./content-model-doc";
import { storyblokComponents } from "./storyblok-components";
import { variablesTable, withVariablesTable } from "./variables-table";

/** The files `npm run schema` writes from the component schemas and the settings schemas, as Prettier formats them. */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const COMPONENTS_JSON = path.join(ROOT, "storyblok/components.json");
export const CONTENT_MODEL_DOC = path.join(ROOT, "docs/content-model.md");
export const README = path.join(ROOT, "README.md");

async function formatted(file: string, source: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(source, { ...options, filepath: file });
}

export interface GeneratedFile {
  file: string;
  content: string;
}

export async function generatedFiles(): Promise<GeneratedFile[]> {
  const doc = await readFile(CONTENT_MODEL_DOC, "utf8");
  const readme = await readFile(README, "utf8");
  return [
    {
      file: COMPONENTS_JSON,
      content: await formatted(COMPONENTS_JSON, JSON.stringify(storyblokComponents(COMPONENTS), null, 2)),
    },
    {
      file: CONTENT_MODEL_DOC,
      content: await formatted(CONTENT_MODEL_DOC, withFieldTables(doc, fieldTables(COMPONENTS))),
    },
    { file: README, content: await formatted(README, withVariablesTable(readme, variablesTable())) },
  ];
}
