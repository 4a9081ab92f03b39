/**
 * Readable messages for content failures (SPEC section 8). The Storyblok
 * client rejects non-2xx answers with `{ message, status, response }` and
 * network failures or timeouts with `{ message }` alone; neither is an Error,
 * so they would otherwise print as "[object Object]".
 */

export const UNKNOWN_ERROR_MESSAGE = "Unbekannter Fehler";

interface ContentRejection {
  message?: unknown;
  status?: unknown;
  response?: { statusText?: unknown } | null;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The HTTP status of a content service rejection, or null for network failures and other errors. */
export function contentErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as ContentRejection).status;
  return typeof status === "number" && Number.isInteger(status) ? status : null;
}

export function describeContentError(error: unknown): string {
  if (typeof error === "string") return error.trim() || UNKNOWN_ERROR_MESSAGE;
  if (typeof error !== "object" || error === null) return UNKNOWN_ERROR_MESSAGE;

  const rejection = error as ContentRejection;
  const message = textOf(rejection.message);
  const status = contentErrorStatus(error);
  if (status !== null) {
    const statusText = textOf(rejection.response?.statusText);
    const detail = [statusText, message && message.toLowerCase() !== statusText.toLowerCase() ? message : ""]
      .filter(Boolean)
      .join(": ");
    return `Der Inhaltsdienst antwortete mit ${status}${detail ? ` (${detail})` : ""}`;
  }
  if (error instanceof Error) return message || error.name || UNKNOWN_ERROR_MESSAGE;
  if (message) return `Der Inhaltsdienst ist nicht erreichbar (${message})`;
  return UNKNOWN_ERROR_MESSAGE;
}
