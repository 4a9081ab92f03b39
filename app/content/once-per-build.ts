/**
 * What a production build reads once for all its pages (a loader runs once per page): the promise `load` gave for
 * `key`, kept in `cache`; one that rejects is dropped, so that the next page asks again. Elsewhere (the dev server,
 * tests) each call loads anew.
 */
export function oncePerBuild<Key, Value>(
  cache: Map<Key, Promise<Value>>,
  key: Key,
  load: () => Promise<Value>,
): Promise<Value> {
  if (!import.meta.env.PROD) return load();
  let value = cache.get(key);
  if (!value) {
    value = load().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, value);
  }
  return value;
}
