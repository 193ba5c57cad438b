/**
 * The Contest Builder is a full-screen overlay over whatever page is open, loaded as its own chunk on first use
 * (the shell's first page never downloads it). Opened by the C shortcut, /contests/create, or any "edit" button.
 */
import { createContext, lazy, type ReactNode, Suspense, use, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { Origin } from "../../../engine/builder/origin";
import { useSession } from "../session/session";
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
  const session = useSession();
  const navigate = useNavigate();
  const frozen = session.user?.currentTeam.frozen != null;
  const control = useMemo<BuilderControl>(
    () => ({
      isOpen: origin !== null,
      // A frozen team may not build contests: the contests page shows it the 402 page with its time left instead.
      open: (o = { kind: "new" }) => (frozen ? void navigate("/contests/") : setOrigin(o)),
      close: () => setOrigin(null),
    }),
    [origin, frozen, navigate],
  );
  return (
    <BuilderContext value={control}>
      {children}
      {origin && (
        <Suspense
          fallback={
            // Where the builder will be, over the page: in the page's flow it would move as the page's data lands.
            <div className="builder-opening">
              <BuilderLoading />
            </div>
          }
        >
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
