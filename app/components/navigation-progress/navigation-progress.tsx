import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useUiText } from "~/hooks/use-language";
import styles from "./navigation-progress.module.css";

/** Navigations quicker than this show nothing: a flash of progress would be noise. */
export const NAVIGATION_FEEDBACK_DELAY_MS = 300;

/** True while a client navigation has been under way for longer than the delay. */
export function useSlowNavigation(delayMs = NAVIGATION_FEEDBACK_DELAY_MS): boolean {
  const busy = useNavigation().state !== "idle";
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return busy && slow;
}

/**
 * A thin bar along the top of the window while a client navigation waits for
 * its data or code, so that a slow link does not look like a dead one.
 */
export function NavigationProgress({ active }: { active: boolean }) {
  const text = useUiText();
  if (!active) return null;
  return (
    <div className={styles.progress} role="progressbar" aria-label={text.navigationProgress}>
      <span className={styles.bar} />
    </div>
  );
}
