import { isRouteErrorResponse } from "react-router";
import { describeContentError } from "~/content/content-error";
import styles from "./error-screen.module.css";

/** SPEC section 2, "Router error screen". */
export const ERROR_SCREEN_TEXT = {
  heading: "Da ist etwas schief gelaufen",
  text: "Leider konnten wir die Seite nicht finden",
} as const;

/** The status text of a route error response, or the error's message; never a stack trace. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
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
