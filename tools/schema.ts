// Writes storyblok/components.json (Storyblok's component definitions, for the
// official CLI) and the field tables of docs/content-model.md from the component
// schemas in app/content/schema, and README.md's table of environment variables
// from the programs' settings schemas. `npm test` fails when one is stale.
//
//   npm run schema
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { generatedFiles } from "./schema/generated-files";

for (const { file, content } of await generatedFiles()) {
  const current = await readFile(file, "utf8").catch(() => "");
  const name = path.relative(process.cwd(), file);
  if (current === content) {
    console.info(`${name}: up to date`);
  } else {
    await writeFile(file, content);
    console.info(`${name}: written`);
  }
}
