import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { COMPONENTS } from "../../app/content/schema/components";
import { fieldTables, withFieldTables } from "./content-model-doc";
import { storyblokComponent } from "./storyblok-components";
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

export async function generatedFiles(): Promise<{ file: string; content: string }[]> {
  const doc = await readFile(CONTENT_MODEL_DOC, "utf8");
  const readme = await readFile(README, "utf8");
  const sources: [file: string, source: string][] = [
    [COMPONENTS_JSON, JSON.stringify(COMPONENTS.map(storyblokComponent), null, 2)],
    [CONTENT_MODEL_DOC, withFieldTables(doc, fieldTables(COMPONENTS))],
    [README, withVariablesTable(readme, variablesTable())],
  ];
  return Promise.all(sources.map(async ([file, source]) => ({ file, content: await formatted(file, source) })));
}
