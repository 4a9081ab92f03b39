import { randomBytes } from "node:crypto";
import { PullError } from "./errors";
import type { SpaceApi } from "./listing";
import type { OutDirState } from "./output";

/** Where space.json's public token came from. */
export type PublicTokenSource = "given" | "kept" | "generated";

/**
 * space.json's public token: the one given (checked against the space), else
 * the one of an earlier export of the same space, else a generated one that
 * only the local content service accepts.
 */
export async function choosePublicToken(args: {
  given: string | undefined;
  previewToken: string;
  spaceId: number;
  state: OutDirState;
  api: SpaceApi;
  warn: (message: string) => void;
}): Promise<{ token: string; source: PublicTokenSource }> {
  const { given, previewToken, spaceId, state, api } = args;
  if (given !== undefined) {
    const token = given.trim();
    const other = await api.readSpace(token, "Checking --public-token (cdn/spaces/me)").catch((err: unknown) => {
      if (err instanceof PullError && err.kind === "auth")
        throw new PullError(
          "auth",
          "--public-token was refused by the API (401): check that it is a token of this space.",
        );
      throw err;
    });
    if (other.id !== spaceId)
      throw new PullError("usage", `--public-token belongs to space ${other.id}, not to space ${spaceId}`);
    return { token, source: "given" };
  }
  if (state.publicToken && state.publicToken !== previewToken && state.space?.id === spaceId)
    return { token: state.publicToken, source: "kept" };
  args.warn("no --public-token: space.json gets a generated public token that only the local content service accepts");
  return { token: `local-${randomBytes(12).toString("base64url")}`, source: "generated" };
}
