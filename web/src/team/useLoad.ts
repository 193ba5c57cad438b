/**
 * A page's data: loading, then ready or failed. A 401 or 403 goes to the shell's handler (login, error page);
 * any other failure stays on the page with a retry. The newest call wins when `key` changes quickly.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, asApiError } from "../api/errors";
import { useErrorHandler } from "../shell/useErrorHandler";

export type Loaded<T> =
  | { status: "loading" }
  | { status: "error"; error: ApiError }
  | { status: "ready"; data: T };

export type LoadControls<T> = {
  reload(): void;
  /** Changes the loaded data in place (after a call answered the new state of a row). */
  update(change: (data: T) => T): void;
};

export function useLoad<T>(key: string, load: () => Promise<T>): [Loaded<T>, LoadControls<T>] {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [round, setRound] = useState(0);
  const onError = useErrorHandler();
  const latest = useRef({ load, onError });
  latest.current = { load, onError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` and `key` are what trigger a new load
  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    latest.current.load().then(
      (data) => {
        if (current) setState({ status: "ready", data });
      },
      (e: unknown) => {
        if (!current) return;
        const error = asApiError(e);
        if (error.status === 401 || error.status === 403) latest.current.onError(error);
        setState({ status: "error", error });
      },
    );
    return () => {
      current = false;
    };
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((s) => (s.status === "ready" ? { status: "ready", data: change(s.data) } : s));
  }, []);
  return [state, { reload, update }];
}
