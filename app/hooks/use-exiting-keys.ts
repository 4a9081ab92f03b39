import { useEffect, useRef, useState } from "react";

/**
 * Keys that just left a list and should stay rendered for `exitMs` while they
 * play an exit animation. Computed during render, so a leaving item is never
 * unmounted and remounted; each key leaves `exitMs` after it went, and a key
 * that comes back stops leaving.
 */
export function useExitingKeys(keys: readonly string[], exitMs: number): ReadonlySet<string> {
  const signature = keys.join("\u0000");
  const [state, setState] = useState(() => ({ signature, keys, exiting: new Set<string>() }));

  if (state.signature !== signature) {
    const present = new Set(keys);
    const exiting = new Set([...state.exiting].filter((key) => !present.has(key)));
    if (exitMs > 0) for (const key of state.keys) if (!present.has(key)) exiting.add(key);
    setState({ signature, keys, exiting });
  }

  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    for (const key of state.exiting) {
      if (pending.has(key)) continue;
      pending.set(
        key,
        setTimeout(() => {
          pending.delete(key);
          setState((current) => {
            if (!current.exiting.has(key)) return current;
            const exiting = new Set(current.exiting);
            exiting.delete(key);
            return { ...current, exiting };
          });
        }, exitMs),
      );
    }
    for (const [key, timer] of pending) {
      if (!state.exiting.has(key)) {
        clearTimeout(timer);
        pending.delete(key);
      }
    }
  }, [state.exiting, exitMs]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return state.exiting;
}
