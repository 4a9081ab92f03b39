import { afterEach, describe, expect, it, vi } from "vitest";
import { envVariable, flag, oneOf, parseSettings, port, SettingsError, settingsOrExit, textOr } from "./env-variables";

const schema = {
  PORT: envVariable(port(3000), "`3000`", "a port"),
  HOST: envVariable(textOr("127.0.0.1"), "`127.0.0.1`", "an address"),
  MODE: envVariable(oneOf(["one", "two"], "one"), "`one`", "a choice"),
  LOG: envVariable(flag, "unset", "a flag"),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("parseSettings", () => {
  it("names a secret's bad value without repeating it", () => {
    const secrets = { TOKEN: envVariable(port(1), "unset", "a token", { secret: true }) };
    expect(() => parseSettings(secrets, { TOKEN: "hunter2-token" })).toThrow(
      new SettingsError("TOKEN must be a port number from 0 to 65535 (the value is a secret: not shown)"),
    );
  });

  it("gives each variable its default when unset or blank", () => {
    const defaults = { PORT: 3000, HOST: "127.0.0.1", MODE: "one", LOG: false };
    expect(parseSettings(schema, {})).toEqual(defaults);
    expect(parseSettings(schema, { PORT: " ", HOST: "", MODE: "  ", LOG: "" })).toEqual(defaults);
  });

  it("reads values, trimmed, choices in any case", () => {
    expect(parseSettings(schema, { PORT: " 0 ", HOST: " 0.0.0.0 ", MODE: "Two", LOG: "1" })).toEqual({
      PORT: 0,
      HOST: "0.0.0.0",
      MODE: "two",
      LOG: true,
    });
  });

  it("refuses a bad port and a value outside the choices, naming each variable and its value", () => {
    for (const bad of ["http", "-1", "65536", "80.5", "123456"]) {
      expect(() => parseSettings(schema, { PORT: bad }), bad).toThrow(
        new SettingsError(`PORT must be a port number from 0 to 65535, not "${bad}"`),
      );
    }
    expect(() => parseSettings(schema, { PORT: "x", MODE: "three" })).toThrow(
      new SettingsError(
        'PORT must be a port number from 0 to 65535, not "x"\nMODE must be one of one, two, not "three"',
      ),
    );
  });
});

describe("settingsOrExit", () => {
  it("prints every bad value under the program's name and exits with code 2", () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => settingsOrExit("npm start", schema, { PORT: "x", MODE: "three" })).toThrow("exit 2");
    expect(exit).toHaveBeenCalledWith(2);
    expect(error).toHaveBeenCalledWith(
      'npm start: PORT must be a port number from 0 to 65535, not "x"\nnpm start: MODE must be one of one, two, not "three"',
    );
  });

  it("gives the settings when every value is good", () => {
    expect(settingsOrExit("npm start", schema, { PORT: "8080" }).PORT).toBe(8080);
  });
});
