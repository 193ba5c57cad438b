/**
 * A contest and its neighbours (GET /teams/current/contests/{id}?with=prev-next), reloaded whenever the server
 * pushes load_contest for it (a status move, a load, a merge, a save). A failed first load is kept as `error`
 * for the page to show; a failed reload keeps the contest already shown.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useContestUpdates } from "../realtime/RealtimeProvider";
import { fetchContest } from "./api";
import type { ContestData } from "./types";

export type ContestState = {
  contest: ContestData | null;
  loading: boolean;
  error: unknown;
  reload(): Promise<void>;
};

export type ContestLoader = (id: string, opts: { prevNext: boolean }) => Promise<ContestData>;

/** `load` replaces the call in stories; pages use the API. */
export function useContest(id: string | null, load: ContestLoader = fetchContest): ContestState {
  const [contest, setContest] = useState<ContestData | null>(null);
  const [loading, setLoading] = useState(id !== null);
  const [error, setError] = useState<unknown>(null);
  // Answers for an id asked earlier are dropped (fast ← / → in the preview).
  const asked = useRef(id);
  asked.current = id;

  const reload = useCallback(async () => {
    if (id === null) return;
    try {
      const found = await load(id, { prevNext: true });
      if (asked.current !== id) return;
      setContest(found);
      setError(null);
    } catch (err) {
      if (asked.current !== id) return;
      setError(err);
    } finally {
      if (asked.current === id) setLoading(false);
    }
  }, [id, load]);

  useEffect(() => {
    setLoading(id !== null);
    setError(null);
    setContest((c) => (c && c._id === id ? c : null));
    void reload();
  }, [id, reload]);

  useContestUpdates(id, () => void reload());

  return { contest, loading, error, reload };
}
