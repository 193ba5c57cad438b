import { useEffect } from "react";

/** Page titles read `{title} • Fairdraw` (decisions.md). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} • Fairdraw`;
  }, [title]);
}
