import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * jsdom has neither matchMedia nor IntersectionObserver. These stand-ins
 * let a test decide which media queries match and when an element
 * intersects.
 */

/**
 * A matchMedia whose answers come from `matching`; `notifyChange()` tells every
 * subscriber that the answers may have changed (a resize, a setting).
 */
export function mockMatchMedia(matching: (query: string) => boolean = () => false) {
  const listeners = new Set<() => void>();
  const matchMedia = vi.fn(
    (query: string) =>
      ({
        get matches() {
          return matching(query);
        },
        media: query,
        onchange: null,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        addListener: (listener: () => void) => listeners.add(listener),
        removeListener: (listener: () => void) => listeners.delete(listener),
        dispatchEvent: () => true,
      }) as unknown as MediaQueryList,
  );
  vi.stubGlobal("matchMedia", matchMedia);
  return {
    matchMedia,
    notifyChange() {
      for (const listener of [...listeners]) listener();
    },
  };
}

export interface ObserverRecord {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  elements: Set<Element>;
  disconnected: boolean;
  /** report an intersection change for every observed element */
  trigger: (isIntersecting: boolean, intersectionRatio?: number) => void;
}

export function mockIntersectionObserver() {
  const observers: ObserverRecord[] = [];
  class FakeIntersectionObserver {
    readonly record: ObserverRecord;
    readonly root = null;
    readonly rootMargin = "0px";
    readonly thresholds: number[];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      const threshold = options?.threshold ?? 0;
      this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
      const record: ObserverRecord = {
        callback,
        options,
        elements: new Set(),
        disconnected: false,
        trigger: (isIntersecting, intersectionRatio = isIntersecting ? 1 : 0) => {
          if (record.disconnected) return;
          const entries = [...record.elements].map(
            (target) =>
              ({
                target,
                isIntersecting,
                intersectionRatio,
                time: 0,
                boundingClientRect: target.getBoundingClientRect(),
                intersectionRect: target.getBoundingClientRect(),
                rootBounds: null,
              }) as IntersectionObserverEntry,
          );
          callback(entries, this as unknown as IntersectionObserver);
        },
      };
      this.record = record;
      observers.push(record);
    }
    observe(element: Element) {
      this.record.elements.add(element);
    }
    unobserve(element: Element) {
      this.record.elements.delete(element);
    }
    disconnect() {
      this.record.disconnected = true;
      this.record.elements.clear();
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  return {
    observers,
    /** the live observers watching `element` */
    observing(element: Element) {
      return observers.filter((record) => !record.disconnected && record.elements.has(element));
    },
  };
}

/** An element's data-entrance once its observer reports it out of view, then in view (scrolled in). */
export function entranceWhenScrolledIn(io: ReturnType<typeof mockIntersectionObserver>, element: Element) {
  const observer = io.observers.find((record) => record.elements.has(element))!;
  const states: Array<string | null> = [];
  for (const inView of [false, true]) {
    act(() => observer.trigger(inView));
    states.push(element.getAttribute("data-entrance"));
  }
  return states;
}
