/**
 * A placeholder in the shape of what is loading (grey lines that pulse, still under reduced motion), instead of a
 * "Loading…" line; screen readers hear what is loading.
 */
import type { ReactNode } from "react";

export function Skeleton({ lines = 3, label }: { lines?: number; label: ReactNode }) {
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        // Lines of varying length read as text, not as a grid of boxes.
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are identical placeholders
        <span key={i} className="skeleton-line" style={{ inlineSize: `${[92, 76, 84, 60][i % 4]}%` }} />
      ))}
    </div>
  );
}
