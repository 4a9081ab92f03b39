import { Suspense, use, type ReactNode } from "react";

/** A value a client loader may hand over before it has arrived. */
export type MaybeDeferred<T> = T | Promise<T>;

function isPromise<T>(value: MaybeDeferred<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

interface DeferredProps<T> {
  value: MaybeDeferred<T>;
  /** shown while the value is on its way (the spec's loading text) */
  fallback: ReactNode;
  children: (value: T) => ReactNode;
  /**
   * The document title while the value is on its way (`undefined`) and once
   * it has arrived. A route's `meta` cannot follow a promise, so a deferred
   * page titles itself (React hoists the <title> into the head); a plain
   * value is titled by the route's `meta`, which then leaves this out.
   */
  title?: (value: T | undefined) => string;
}

/**
 * Renders a loader value that may still be loading. Prerendered pages hand
 * plain values (rendered at once, so they are in the HTML); client loaders
 * that talk to the content service hand promises, and the fallback shows
 * until they settle.
 */
export function Deferred<T>({ value, fallback, children, title }: DeferredProps<T>) {
  if (!isPromise(value)) return <>{children(value)}</>;
  return (
    <Suspense
      fallback={
        <>
          {title ? <title>{title(undefined)}</title> : null}
          {fallback}
        </>
      }
    >
      <Resolved promise={value}>
        {(resolved) => (
          <>
            {title ? <title>{title(resolved)}</title> : null}
            {children(resolved)}
          </>
        )}
      </Resolved>
    </Suspense>
  );
}

function Resolved<T>({ promise, children }: { promise: Promise<T>; children: (value: T) => ReactNode }) {
  return <>{children(use(promise))}</>;
}
