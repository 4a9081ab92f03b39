import { isRouteErrorResponse } from "react-router";
import { isChunkLoadError } from "~/components/route-chunk-reload/route-chunk-reload";
import { describeContentError } from "~/content/content-error";
import { uiText } from "~/ui-text";
import styles from "./error-screen.module.css";

/** The status text of a route error response, or the error's message; never a stack trace or a framework's words. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (isChunkLoadError(error)) return uiText.de.codeMissing;
  return describeContentError(error);
}

export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <section className={styles.screen} aria-labelledby="error-screen-heading">
      <h1 id="error-screen-heading" className={styles.heading}>
        {uiText.de.errorHeading}
      </h1>
      <p className={styles.text}>{uiText.de.errorText}</p>
      <p className={styles.detail}>{errorDetail(error)}</p>
    </section>
  );
}
