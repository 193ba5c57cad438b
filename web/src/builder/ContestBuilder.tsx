/**
 * The Contest Builder (contest-builder.md §2, §4): a full-screen overlay over whatever page is open, loaded as its
 * own chunk (BuilderHost). It fetches the builder config of the team's plan, then runs the builder machine
 * (BuilderSession, a chunk of its own fetched beside the config) with the API's calls.
 *
 * While open: a 'dimensions too small' notice on small windows, the reload warning, focus kept inside, Escape asks to
 * close. When the machine ends: to the new contest, or back with a success alert.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { Origin } from "../../../engine/builder/origin";
import { fetchBuilderConfig, type ServedConfig } from "./api";
import { BuilderLoading } from "./BuilderLoading";
import { BuilderEscape } from "./escape";
import "./builder.css";

/** The machine and the forms: fetched beside the config once the builder is to show, never for the notice alone. */
// Held in state rather than behind React.lazy: a Suspense boundary here would also catch what the form suspends
// on later, and put the loading screen over a form already filled.
type Session = typeof import("./BuilderSession").BuilderSession;

export type ContestBuilderProps = { origin: Origin; onClose(): void };

/** The smallest window the builder is made for (§9 "Builder minimum window"). */
export const MIN_WIDTH = 900;
export const MIN_HEIGHT = 700;

function tooSmall(): boolean {
  return (
    typeof window !== "undefined" && (window.innerWidth <= MIN_WIDTH || window.innerHeight <= MIN_HEIGHT)
  );
}

/**
 * The overlay frame: a Radix modal dialog over the page (focus kept inside, the page hidden from screen readers, a
 * dialog of its own stacked above it and taking Escape first), with the reload warning.
 */
export function Overlay({ children, label }: { children: ReactNode; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const onEscape = useRef<(() => void) | null>(null);
  const [before] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    // §2: the browser warns before a reload while the builder is open.
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "Prevented page reload because you can lose a lot of unsaved data";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
  return (
    <Dialog.Root open>
      <Dialog.Content
        ref={box}
        className="builder"
        aria-describedby={undefined}
        aria-modal="true"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          box.current?.focus();
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          before?.focus();
        }}
        onEscapeKeyDown={(e) => {
          e.preventDefault();
          onEscape.current?.();
        }}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <Dialog.Title className="visually-hidden">{label}</Dialog.Title>
        <BuilderEscape value={onEscape}>{children}</BuilderEscape>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** §2: 900 wide or less, or 700 high or less: 'dimensions too small', with 'open anyway' and 'close'. */
function TooSmallNotice({ onOpen, onClose }: { onOpen(): void; onClose(): void }) {
  return (
    <div className="builder-too-small" role="alertdialog" aria-labelledby="builder-too-small-title">
      <h2 id="builder-too-small-title">
        <Trans>Dimensions too small</Trans>
      </h2>
      <p>
        <Trans>
          The contest builder is made for windows larger than {MIN_WIDTH} × {MIN_HEIGHT} pixels. Enlarge this
          window or open it anyway.
        </Trans>
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
        <button type="button" className="button primary" onClick={onOpen}>
          <Trans>Open anyway</Trans>
        </button>
      </div>
    </div>
  );
}

export default function ContestBuilder({ origin, onClose }: ContestBuilderProps) {
  const { t } = useLingui();
  const [small, setSmall] = useState(tooSmall);
  const [openAnyway, setOpenAnyway] = useState(false);
  const [served, setServed] = useState<ServedConfig | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  const here = location.pathname + location.search;
  const [openedAt] = useState(here);

  useEffect(() => {
    const onResize = () => setSmall(tooSmall());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  const showing = !small || openAnyway;
  const [Session, setSession] = useState<{ component: Session } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) loads the chunk again
  useEffect(() => {
    if (!showing || Session) return;
    let live = true;
    import("./BuilderSession").then(
      (m) => live && setSession({ component: m.BuilderSession }),
      (error: unknown) => live && setFailure(error ?? new Error("chunk")),
    );
    return () => {
      live = false;
    };
  }, [showing, Session, attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) fetches the config again
  useEffect(() => {
    let live = true;
    setFailure(null);
    fetchBuilderConfig().then(
      (config) => live && setServed(config),
      (error: unknown) => live && setFailure(error ?? new Error("config")),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  let body: ReactNode;
  if (small && !openAnyway) body = <TooSmallNotice onOpen={() => setOpenAnyway(true)} onClose={onClose} />;
  else if (failure)
    body = (
      <div className="builder-failed" role="alert">
        <p>
          <Trans>The contest builder could not be opened.</Trans>
        </p>
        <p className="muted">{failure instanceof Error ? failure.message : String(failure)}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
          <button type="button" className="button primary" onClick={() => setAttempt((a) => a + 1)}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </div>
    );
  else if (!served || !Session) body = <BuilderLoading />;
  else body = <Session.component served={served} origin={origin} onClose={onClose} />;
  const inSession = Boolean(served && Session) && !failure && !(small && !openAnyway);
  // Before the form shows (loading, the small-window notice, a failure), a change of page closes the builder.
  useEffect(() => {
    if (!inSession && here !== openedAt) onClose();
  }, [inSession, here, openedAt, onClose]);
  return <Overlay label={t`Contest builder`}>{body}</Overlay>;
}
