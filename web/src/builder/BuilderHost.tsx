/**
 * The Contest Builder is a full-screen overlay over whatever page is open, loaded as its own chunk on first use
 * (the shell's first page never downloads it). Opened by the C shortcut, /contests/create, or any "edit" button.
 */
import { createContext, lazy, type ReactNode, Suspense, use, useMemo, useState } from "react";
import type { Origin } from "../../../engine/builder/origin";
import { BuilderLoading } from "./BuilderLoading";

const ContestBuilder = lazy(() => import("./ContestBuilder"));

export type BuilderControl = {
  isOpen: boolean;
  open(origin?: Origin): void;
  close(): void;
};

const BuilderContext = createContext<BuilderControl | null>(null);

export function BuilderProvider({ children }: { children: ReactNode }) {
  const [origin, setOrigin] = useState<Origin | null>(null);
  const control = useMemo<BuilderControl>(
    () => ({
      isOpen: origin !== null,
      open: (o = { kind: "new" }) => setOrigin(o),
      close: () => setOrigin(null),
    }),
    [origin],
  );
  return (
    <BuilderContext value={control}>
      {children}
      {origin && (
        <Suspense fallback={<BuilderLoading />}>
          <ContestBuilder origin={origin} onClose={control.close} />
        </Suspense>
      )}
    </BuilderContext>
  );
}

export function useBuilder(): BuilderControl {
  const control = use(BuilderContext);
  if (!control) throw new Error("useBuilder outside <BuilderProvider>");
  return control;
}
