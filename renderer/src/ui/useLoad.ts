/** Loads data for a page: the value (undefined while loading), the error, and a reload. */
import { useCallback, useEffect, useState } from 'react';

/** What {@link useLoad} returns. */
export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly reload: () => Promise<void>;
}

/** Calls `load` now and whenever it changes (memoise it with useCallback). */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(
    () =>
      load().then(
        (value) => {
          setData(value);
          setError(null);
        },
        (e: unknown) => setError(e),
      ),
    [load],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
