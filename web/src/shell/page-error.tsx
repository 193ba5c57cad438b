/**
 * A call answered 403 (or a guard refused): the page area shows the error page instead of the page, until the
 * person goes somewhere else (app-shell.md §8 "403 shows the error page").
 */
import { createContext, type ReactNode, use, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";

export type PageError = { status: number; details?: string };

type PageErrorState = { error: PageError | null; show(error: PageError): void };

const PageErrorContext = createContext<PageErrorState | null>(null);

export function PageErrorProvider({ children }: { children: ReactNode }) {
  const [error, setError] = useState<{ at: string; error: PageError } | null>(null);
  const location = useLocation();
  const here = location.pathname + location.search;
  // Leaving the page clears the error.
  useEffect(() => {
    setError((e) => (e && e.at !== here ? null : e));
  }, [here]);
  const value = useMemo<PageErrorState>(
    () => ({ error: error?.error ?? null, show: (e) => setError({ at: here, error: e }) }),
    [error, here],
  );
  return <PageErrorContext value={value}>{children}</PageErrorContext>;
}

export function usePageError(): PageErrorState {
  const state = use(PageErrorContext);
  if (!state) throw new Error("usePageError outside <PageErrorProvider>");
  return state;
}
