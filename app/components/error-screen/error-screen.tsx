import { isRouteErrorResponse } from "react-router";
import { isChunkLoadError } from "~/components/route-chunk-reload/route-chunk-reload";
import { describeContentError } from "~/content/content-error";
import styles from "./error-screen.module.css";

/** SPEC section 2, "Router error screen". */
export const ERROR_SCREEN_TEXT = {
  heading: "Da ist etwas schief gelaufen",
  text: "Leider konnten wir die Seite nicht finden",
  /** the page's code could not be loaded, and loading the page anew was already tried */
  codeMissing: "Der Code dieser Seite konnte nicht geladen werden. Bitte laden Sie die Seite neu.",
} as const;

/** The status text of a route error response, or the error's message; never a stack trace or a framework's words. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (isChunkLoadError(error)) return ERROR_SCREEN_TEXT.codeMissing;
  return describeContentError(error);
}

export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <section className={styles.screen} aria-labelledby="error-screen-heading">
      <h1 id="error-screen-heading" className={styles.heading}>
        {ERROR_SCREEN_TEXT.heading}
      </h1>
      <p className={styles.text}>{ERROR_SCREEN_TEXT.text}</p>
      <p className={styles.detail}>{errorDetail(error)}</p>
    </section>
  );
}
