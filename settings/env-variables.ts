import * as v from "valibot";

/**
 * One environment variable a program reads: its valibot schema, from the raw
 * text (undefined when unset) to the value the program uses, and what the
 * README's table says of it (tools/schema/variables-table.ts writes the table).
 */
export interface EnvVariable<TValue> {
  readonly schema: v.GenericSchema<string | undefined, TValue>;
  /** The default as the README shows it. */
  readonly shownDefault: string;
  /** What the variable means, for the README's table (Markdown). */
  readonly meaning: string;
  /** A token or secret: a message about a bad value does not repeat it (stderr ends up in logs). */
  readonly secret?: boolean;
}

/** A program's variables by name: its one settings schema. */
export type EnvSchema = Readonly<Record<string, EnvVariable<unknown>>>;

/** The settings a program's schema gives, by variable name. */
export type SettingsOf<TSchema extends EnvSchema> = {
  [Name in keyof TSchema]: TSchema[Name] extends EnvVariable<infer TValue> ? TValue : never;
};

/** A bad value of one or more variables; the message names each variable and its value. */
export class SettingsError extends Error {
  override name = "SettingsError";
}

export function envVariable<TValue>(
  schema: v.GenericSchema<string | undefined, TValue>,
  shownDefault: string,
  meaning: string,
  options: { secret?: boolean } = {},
): EnvVariable<TValue> {
  return { schema, shownDefault, meaning, ...(options.secret ? { secret: true } : {}) };
}

/**
 * Parses `env` with `schema`; throws a SettingsError listing every bad value ("PORT must be …, not "x""), a
 * secret's value left out.
 */
export function parseSettings<TSchema extends EnvSchema>(
  schema: TSchema,
  env: Readonly<Record<string, string | undefined>>,
): SettingsOf<TSchema> {
  const settings: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, variable] of Object.entries(schema)) {
    const result = v.safeParse(variable.schema, env[name]);
    if (result.success) settings[name] = result.output;
    else
      problems.push(
        `${name} ${result.issues[0].message}${variable.secret ? " (the value is a secret: not shown)" : `, not ${JSON.stringify(env[name])}`}`,
      );
  }
  if (problems.length) throw new SettingsError(problems.join("\n"));
  return settings as SettingsOf<TSchema>;
}

/**
 * A program's entry: its settings from `env`, or, for a bad value, the
 * message on stderr (prefixed with the program's name) and exit code 2.
 */
export function settingsOrExit<TSchema extends EnvSchema>(
  program: string,
  schema: TSchema,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SettingsOf<TSchema> {
  try {
    return parseSettings(schema, env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`${program}: ${error.message.replaceAll("\n", `\n${program}: `)}`);
    process.exit(2);
  }
}

/** Unset or blank: undefined; else the text trimmed. */
export const optionalText = v.pipe(
  v.optional(v.string()),
  v.transform((raw) => raw?.trim() || undefined),
);

/** The text trimmed, `fallback` when unset or blank. */
export function textOr(fallback: string) {
  return v.pipe(
    v.optional(v.string()),
    v.transform((raw) => raw?.trim() || fallback),
  );
}

const PORT_MESSAGE = "must be a port number from 0 to 65535";

/** A TCP port (0: a free one), `fallback` when unset or blank. */
export function port(fallback: number) {
  return v.pipe(
    textOr(String(fallback)),
    v.regex(/^\d{1,5}$/, PORT_MESSAGE),
    v.transform(Number),
    v.maxValue(65535, PORT_MESSAGE),
  );
}

/** One of `choices` (any case), `fallback` when unset or blank. */
export function oneOf<const TChoice extends string>(choices: readonly TChoice[], fallback: TChoice) {
  return v.pipe(textOr(fallback), v.toLowerCase(), v.picklist(choices, `must be one of ${choices.join(", ")}`));
}

/** `1` is true; unset, blank or anything else false. */
export const flag = v.pipe(
  v.optional(v.string()),
  v.transform((raw) => raw?.trim() === "1"),
);

/**
 * The value `parse` makes of the raw text (undefined when unset or blank); what it throws becomes the issue
 * `must …` (`mustBe`), with the parser's own words after it.
 */
export function parsedWith<TValue>(parse: (raw: string | undefined) => TValue, mustBe: string) {
  return v.pipe(
    v.optional(v.string()),
    v.rawTransform<string | undefined, TValue>(({ dataset, addIssue, NEVER }) => {
      try {
        return parse(dataset.value?.trim() || undefined);
      } catch (error) {
        addIssue({ message: `${mustBe} (${error instanceof Error ? error.message : String(error)})` });
        return NEVER;
      }
    }),
  );
}
