/**
 * One call's answer for a page section: loading, the data or the error, and a reload. An answer to an earlier
 * call (the inputs changed since) is dropped; a failed reload keeps the data already shown. A local change made
 * while a call is in flight makes that call's answer stale (it was read before the change): it is dropped and the
 * call is made again, so the page neither loses the change nor keeps a list the server has moved past.
 */
import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";

export type Call<T> = {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): Promise<void>;
  /** Replaces the data without a call (an answer the page already has). */
  setData(update: (data: T | null) => T | null): void;
};

export function useCall<T>(run: () => Promise<T>, deps: DependencyList, enabled = true): Call<T> {
  const [data, setDataState] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
  const turn = useRef(0);
  const inFlight = useRef(false);
  const runRef = useRef(run);
  runRef.current = run;

  const reload = useCallback(async () => {
    if (!enabled) return;
    const mine = ++turn.current;
    setLoading(true);
    inFlight.current = true;
    try {
      const answer = await runRef.current();
      if (mine !== turn.current) return;
      setDataState(answer);
      setError(null);
    } catch (err) {
      if (mine !== turn.current) return;
      setError(err);
    } finally {
      if (mine === turn.current) {
        inFlight.current = false;
        setLoading(false);
      }
    }
  }, [enabled, ...deps]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setData = useCallback(
    (update: (data: T | null) => T | null) => {
      setDataState(update);
      if (inFlight.current) void reload();
    },
    [reload],
  );
  return { data, error, loading, reload, setData };
}
