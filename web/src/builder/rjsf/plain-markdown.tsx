/**
 * What @rjsf/core gets for markdown-to-jsx's Markdown in the app's build (web/vite/rjsf-plain-text.ts): its text,
 * as text. rjsf only passes it texts the builder never shows (see there).
 */
import type { ReactNode } from "react";

export function Markdown({ children }: { children?: ReactNode }): ReactNode {
  return children ?? null;
}
