import { useEffect, useState } from "react";

/** The current time, refreshed every `everyMs` (1 s for countdowns, 60 s for notification times). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
