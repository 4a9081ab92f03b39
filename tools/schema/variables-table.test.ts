import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BEGIN_MARKER, END_MARKER, variableRows, variablesTable, withVariablesTable } from "./variables-table";

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../README.md");

/** The rows of a Markdown table, each cell trimmed (Prettier's padding aside), header and rule left out. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
}

describe("the README's table of environment variables", () => {
  it("is the one the programs' settings schemas give (npm run schema writes it)", async () => {
    const readme = await readFile(README, "utf8");
    const written = readme.slice(readme.indexOf(BEGIN_MARKER), readme.indexOf(END_MARKER));
    expect(tableRows(written), "README.md's variables are stale: run npm run schema").toEqual(
      tableRows(variablesTable()),
    );
  });

  it("names every program that reads a variable, the first's default and meaning", () => {
    const rows = new Map(variableRows().map((row) => [row.name, row]));
    expect(rows.get("PORT")).toMatchObject({ shownDefault: "`3000`", readBy: ["start", "dev", "serve"] });
    expect(rows.get("CONTENT_PORT")).toMatchObject({
      shownDefault: "`4100`",
      readBy: ["start", "dev", "build", "content"],
    });
    expect(rows.get("STATIC_HOST")?.readBy).toEqual(["build"]);
  });

  it("replaces only what is between the markers", () => {
    const doc = `# Title\n\n${BEGIN_MARKER}\nold table\n${END_MARKER}\n\nmore prose\n`;
    const result = withVariablesTable(doc, "new table");
    expect(result).toBe(`# Title\n\n${BEGIN_MARKER}\n\nnew table\n\n${END_MARKER}\n\nmore prose\n`);
    expect(() => withVariablesTable("# no markers", "table")).toThrow(/markers/);
  });
});
