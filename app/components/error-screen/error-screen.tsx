import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { isChunkLoadError } from "~/components/route-chunk-reload/route-chunk-reload";
import { describeContentError } from "~/content/content-error";
import { useUiText } from "~/hooks/use-language";
import { uiText, type UiText } from "~/ui-text";
import styles from "./error-screen.module.css";

/** The status text of a route error response, or the error's message; never a stack trace or a framework's words. */
export function errorDetail(error: unknown, text: UiText = uiText.de): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (isChunkLoadError(error)) return text.codeMissing;
  return describeContentError(error);
}

/**
 * SPEC "Router error screen": the heading, the text and below them the status or the error's message. `detail`
 * stands in for an error the screen is not handed (the not-found route's status); `children` follow it.
 */
export function ErrorScreen({ error, detail, children }: { error?: unknown; detail?: string; children?: ReactNode }) {
  const text = useUiText();
  return (
    <section className={styles.screen} aria-labelledby="error-screen-heading">
      <h1 id="error-screen-heading" className={styles.heading}>
        {text.errorHeading}
      </h1>
      <p className={styles.text}>{text.errorText}</p>
      <p className={styles.detail}>{detail ?? errorDetail(error, text)}</p>
      {children}
    </section>
  );
}
