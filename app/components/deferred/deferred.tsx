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
}

/**
 * Renders a loader value that may still be loading. Prerendered pages hand
 * plain values (rendered at once, so they are in the HTML); client loaders
 * that talk to the content service hand promises, and the fallback shows
 * until they settle.
 */
export function Deferred<T>({ value, fallback, children }: DeferredProps<T>) {
  if (!isPromise(value)) return <>{children(value)}</>;
  return (
    <Suspense fallback={fallback}>
      <Resolved promise={value}>{children}</Resolved>
    </Suspense>
  );
}

function Resolved<T>({ promise, children }: { promise: Promise<T>; children: (value: T) => ReactNode }) {
  return <>{children(use(promise))}</>;
}
