import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { COMPONENTS } from "../../app/content/schema/components";
import { BEGIN_MARKER, END_MARKER, withFieldTables } from "./content-model-doc";
import { COMPONENTS_JSON, generatedFiles } from "./generated-files";
import { storyContentProblems } from "./story-conformance";
import { storyblokComponent } from "./storyblok-components";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("npm run schema", () => {
  // generating formats both files with Prettier, whose first load alone took over 5 s on CI at load 12
  it(
    "has written storyblok/components.json and the field tables of docs/content-model.md from the schemas",
    { timeout: 60_000 },
    async () => {
      for (const { file, content } of await generatedFiles()) {
        const onDisk = await readFile(file, "utf8");
        expect(onDisk, `${path.relative(ROOT, file)} is stale: run npm run schema`).toBe(content);
      }
    },
  );

  it("keeps the prose of the document and replaces only what is between the markers", () => {
    const doc = `# Title\n\nprose\n\n${BEGIN_MARKER}\nold tables\n${END_MARKER}\n\nmore prose\n`;
    const result = withFieldTables(doc, "new tables");
    expect(result).toContain("# Title\n\nprose\n\n");
    expect(result).toContain("new tables");
    expect(result).not.toContain("old tables");
    expect(result).toContain(`${END_MARKER}\n\nmore prose\n`);
    expect(() => withFieldTables("# no markers", "tables")).toThrow(/markers/);
  });
});

/**
 * Type errors of `components` as a value of the component-definition types
 * of Storyblok's Management API client (@storyblok/management-api-client):
 * `ComponentCreate`, whose `schema` holds one `Field` (the union of
 * Storyblok's field types, each with its own properties) per field. The
 * JSON is checked as an object literal, so a property that a field type
 * does not have is an error too.
 */
function storyblokTypeErrors(components: unknown): string[] {
  const fileName = path.join(ROOT, "tools/schema/components-json-check.ts");
  const source = [
    'import type { ComponentCreate, Field } from "@storyblok/management-api-client";',
    'type StoryblokComponent = Omit<ComponentCreate, "schema"> & { schema: Record<string, Field> };',
    `export const components: StoryblokComponent[] = ${JSON.stringify(components)};`,
  ].join("\n");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, language) : readSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, " "));
}

describe("storyblok/components.json", () => {
  // a TypeScript program over the client's declarations: seconds on a busy machine
  const timeout = 60_000;

  it(
    "is valid against the component-definition types of @storyblok/management-api-client",
    async () => {
      const components: unknown = JSON.parse(await readFile(COMPONENTS_JSON, "utf8"));
      expect(storyblokTypeErrors(components)).toEqual([]);
    },
    timeout,
  );

  it(
    "would not be: an unknown field type, a property of another field type, a component without a name",
    () => {
      const [first] = COMPONENTS.map(storyblokComponent);
      const broken = [
        { ...first, schema: { Colour: { type: "colour", pos: 0 } } },
        { ...first, schema: { Title: { type: "text", pos: 0, component_whitelist: ["page"] } } },
        { display_name: "Nameless", schema: {} },
      ];
      const errors = storyblokTypeErrors(broken);
      expect(errors.join("\n")).toMatch(/"colour"/);
      expect(errors.join("\n")).toMatch(/component_whitelist/);
      expect(errors.join("\n")).toMatch(/name/);
    },
    timeout,
  );

  it("holds every component once, each bloks field allowing only components it defines", () => {
    const components = COMPONENTS.map(storyblokComponent);
    const names = components.map((component) => component.name);
    expect(new Set(names).size).toBe(names.length);
    for (const component of components) {
      expect(component.is_root).toBe(!component.is_nestable);
      for (const field of Object.values(component.schema)) {
        if (field.type !== "bloks") continue;
        for (const allowed of field.component_whitelist ?? []) expect(names).toContain(allowed);
      }
    }
  });
});

describe("the demo stories in content/stories", () => {
  async function storyFiles(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
      .map((entry) => path.join(entry.parentPath, entry.name));
  }

  it("use only fields the model knows and fill every required one, draft and published", async () => {
    const files = await storyFiles(path.join(ROOT, "content/stories"));
    expect(files.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const file of files) {
      const { story, published } = JSON.parse(await readFile(file, "utf8")) as {
        story: { content: unknown };
        published?: { content: unknown } | null;
      };
      const name = path.relative(ROOT, file);
      problems.push(...storyContentProblems(story.content, COMPONENTS, `${name} story.content`));
      if (published) problems.push(...storyContentProblems(published.content, COMPONENTS, `${name} published.content`));
    }
    expect(problems).toEqual([]);
  });

  it("would not: an unknown field, a missing required field, a blok not allowed where it stands", () => {
    const imprint = {
      _uid: "i",
      component: "imprint",
      body: [
        {
          _uid: "a",
          component: "imprint_text",
          Text: { type: "doc", content: [] },
          Colour: "red",
          // a translation of a translatable field is fine; of another field, or of the wrong type, not
          Text__i18n__en: { type: "doc", content: [] },
          Colour__i18n__en: "rot",
        },
        { _uid: "b", component: "imprint_text" },
        { _uid: "c", component: "about_block", Text: { type: "doc", content: [{ type: "paragraph" }] } },
        { _uid: "d", component: "mystery" },
      ],
    };
    expect(storyContentProblems(imprint, COMPONENTS)).toEqual([
      "content.body[0] (imprint_text): unknown field Colour",
      "content.body[0] (imprint_text): Colour__i18n__en translates no translatable field",
      "content.body[0] (imprint_text): required field Text is empty",
      "content.body[1] (imprint_text): required field Text is missing",
      "content.body[2] (about_block): not allowed here (imprint_text)",
      "content.body[3]: unknown component mystery",
    ]);
    expect(
      storyContentProblems(
        { _uid: "e", component: "about", body: [{ _uid: "f", component: "about_block", Headline__i18n__en: 5 }] },
        COMPONENTS,
      ),
    ).toContain("content.body[0] (about_block): Headline__i18n__en is no text");
    expect(storyContentProblems({ _uid: "x", component: "imprint_text" }, COMPONENTS)[0]).toMatch(/not allowed here/);
  });
});
