/**
 * `run` over the items, at most `ahead` at a time, the results in the items' order. A failure is thrown once
 * every item started has settled, so that nothing is still writing when the caller hears of it.
 */
export async function* inOrder<T, R>(
  items: readonly T[],
  run: (item: T) => Promise<R>,
  ahead: number,
): AsyncGenerator<[T, R]> {
  const running: Array<Promise<R>> = [];
  let next = 0;
  const fill = () => {
    while (next < items.length && running.length < ahead) {
      const started = run(items[next]!);
      // a rejection is seen when its turn comes, not as an unhandled one before
      started.catch(() => undefined);
      running.push(started);
      next += 1;
    }
  };
  fill();
  try {
    for (let index = 0; index < items.length; index += 1) {
      const result = await running.shift()!;
      fill();
      yield [items[index]!, result];
    }
  } finally {
    await Promise.allSettled(running);
  }
}
