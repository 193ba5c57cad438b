/**
 * The Contest Builder (contest-builder.md §2, §4): a full-screen overlay over whatever page is open, loaded as its
 * own chunk (BuilderHost). It fetches the builder config of the team's plan, then runs the builder machine
 * (engine/builder/machine.ts) with the API's calls, and renders the panes from the schemas.
 *
 * While open: a 'dimensions too small' notice on small windows, the reload warning, focus kept inside, Escape asks to
 * close. When the machine ends: to the new contest, or back with a success alert.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { Dialog } from "radix-ui";
import { type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { UNSAFE_DataRouterContext, useBlocker, useLocation, useNavigate } from "react-router";
import type { BuilderOutput } from "../../../engine/builder/machine";
import type { Origin } from "../../../engine/builder/origin";
import { compileConfig } from "../../../engine/config/compile";
import type { ValidationContext } from "../../../engine/config/types";
import offers from "../../../schemas/offers.json";
import { notify } from "../feedback/Toasts";
import { useSession } from "../session/session";
import { fetchBuilderConfig, type ServedConfig } from "./api";
import { BuilderLoading } from "./BuilderLoading";
import { BuilderView } from "./BuilderView";
import { type BuilderActor, type BuilderEnv, BuilderEnvProvider } from "./context";
import { BuilderEscape } from "./escape";
import type { BuilderFormContext } from "./form-context";
import { BuilderNavigateContext } from "./navigate";
import { type BuilderCalls, builderInput, builderLogic, makeFormContext, newForm } from "./session";
import "./builder.css";

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
  else if (!served) body = <BuilderLoading />;
  else body = <BuilderSession served={served} origin={origin} onClose={onClose} />;
  const inSession = Boolean(served) && !failure && !(small && !openAnyway);
  // Before the form shows (loading, the small-window notice, a failure), a change of page closes the builder.
  useEffect(() => {
    if (!inSession && here !== openedAt) onClose();
  }, [inSession, here, openedAt, onClose]);
  return <Overlay label={t`Contest builder`}>{body}</Overlay>;
}

export type BuilderSessionProps = {
  served: ServedConfig;
  origin: Origin;
  onClose(): void;
  /** The form to start from instead of loading the origin (stories and tests). */
  form?: unknown;
  /** Stand-ins for the API calls (stories). */
  calls?: BuilderCalls;
  /** Hands the machine's actor over once created (stories drive it into a state). */
  onActor?(actor: BuilderActor): void;
};

/** A way out of the builder: taken once it has closed, or dropped when the person stays. */
type Exit = { go(): void; stay(): void };

/**
 * With a data router (the app's): any navigation to another page while the builder is open — the browser's back
 * button, a link of the shell — waits for the close-builder confirmation, then goes on, or stays if cancelled.
 */
function LeaveGuard({ isOpen, ask }: { isOpen(): boolean; ask(exit: Exit): boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isOpen() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const handled = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked") {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    const proceed = () => blocker.proceed();
    const reset = () => blocker.reset();
    if (!ask({ go: proceed, stay: reset })) reset();
  }, [blocker, ask]);
  return null;
}

/** One run of the builder machine over the served config. */
export function BuilderSession({ served, origin, onClose, form, calls, onActor }: BuilderSessionProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const dataRouter = use(UNSAFE_DataRouterContext) !== null;
  const compiled = useMemo(() => compileConfig(served), [served]);
  const features = useMemo(() => new Set(served.team.features), [served]);
  const validationContext = useCallback(
    (): ValidationContext => ({ now: new Date(), teamFeatures: features, quotas: served.team.quotas }),
    [features, served],
  );
  const [logic] = useState(() => builderLogic(compiled, validationContext, calls, served));
  const actor = useActorRef(logic, {
    input: builderInput(
      served,
      compiled,
      origin,
      form ?? (origin.kind === "new" ? newForm(served) : undefined),
      (name) => t`Copy of ${name}`,
    ),
  });
  const handed = useRef(false);
  if (!handed.current) {
    handed.current = true;
    onActor?.(actor);
  }

  // Leaving for another page (a link inside the builder, or a navigation from elsewhere): the close-builder
  // confirmation first; the way out is taken once the builder closes, dropped if the person stays.
  const exit = useRef<Exit | null>(null);
  const closing = useRef(false);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const askToLeave = useCallback(
    (next: Exit): boolean => {
      let snapshot = actor.getSnapshot();
      if (snapshot.status !== "active" || closing.current) return false;
      // A confirmation of a call (create, paid contest, a failed call) is left for the form first.
      if (!snapshot.can({ type: "CLOSE" }) && snapshot.can({ type: "CANCEL" })) {
        actor.send({ type: "CANCEL" });
        snapshot = actor.getSnapshot();
      }
      // A call is running: the builder cannot close now.
      if (!snapshot.can({ type: "CLOSE" })) return false;
      const previous = exit.current;
      exit.current = null;
      previous?.stay();
      exit.current = next;
      actor.send({ type: "CLOSE" });
      return true;
    },
    [actor],
  );
  const leaveTo = useCallback(
    (to: string) => {
      askToLeave({ go: () => void navigateRef.current(to), stay: () => undefined });
    },
    [askToLeave],
  );
  const closeNow = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    exit.current = null;
    onClose();
  }, [onClose]);
  // A location change the builder did not ask for (only without a data router: with one, LeaveGuard blocks it
  // until the person confirms): the page underneath changed, so the builder closes.
  const here = location.pathname + location.search;
  const openedAt = useRef(here);
  useEffect(() => {
    if (here !== openedAt.current) closeNow();
  }, [here, closeNow]);

  const localeRef = useRef(i18n.locale);
  localeRef.current = i18n.locale;
  const contexts = useRef(new Map<string, BuilderFormContext>());
  const focusRequest = useRef<((path: string) => void) | null>(null);
  const onPaste = useRef(served.team.settings.contest_builder_create_shortlinks_on_paste ?? null);

  const env = useMemo(
    (): BuilderEnv => ({
      served,
      compiled,
      actor,
      locale: i18n.locale,
      features,
      isGated: (feature) => features.has("contestBuilder") && !features.has(feature),
      validationContext,
      formContextOf: (part) => {
        let ctx = contexts.current.get(part);
        if (!ctx) {
          ctx = makeFormContext({
            part,
            served,
            actor,
            locale: () => localeRef.current,
            features,
            shortlinksOnPaste: () => onPaste.current,
          });
          contexts.current.set(part, ctx);
        }
        return ctx;
      },
      shortlinksOnPaste: () => onPaste.current,
      setShortlinksOnPaste: (value) => {
        onPaste.current = value;
      },
      focusField: (path) => focusRequest.current?.(path),
      closeNow,
    }),
    [served, compiled, actor, i18n.locale, features, validationContext, closeNow],
  );

  // The end of the machine: where the person goes, and the success alert (§4).
  const finish = useRef<(output: BuilderOutput) => void>(() => undefined);
  finish.current = (output) => {
    closing.current = true;
    const way = exit.current;
    exit.current = null;
    if (output.kind === "closed" && way) {
      onClose();
      way.go();
      return;
    }
    way?.stay();
    if (output.kind === "created") {
      void navigate(`/contest/${output.contestId}/`);
      onClose();
      notify.success(t`Your contest is created.`);
    } else if (output.kind === "draftSaved") {
      if (output.forPayment) {
        const path =
          offers.offers.find((o) => o.id === "contestBuilder")?.checkout_path ??
          "/checkout-session/one-shot/contestbuilder";
        // An app route (it hands over to the payment provider): no page unload, so no reload warning on the way.
        void navigate(`${path}?contest_id=${encodeURIComponent(output.id)}`);
        onClose();
        return;
      }
      // The drafts tab of the list, where the saved draft is the newest.
      void navigate("/contests/?status=draft");
      onClose();
      notify.success(t`Your draft is saved.`);
    } else {
      onClose();
      if (output.kind === "templateSaved") notify.success(t`Your template is saved.`);
    }
  };
  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.status === "done" && snapshot.output) finish.current(snapshot.output);
      else if (exit.current && !snapshot.matches({ editing: "closeBuilder" })) {
        // The person stayed (Cancel in the close-builder confirmation).
        const way = exit.current;
        exit.current = null;
        way.stay();
      }
    });
    return () => sub.unsubscribe();
  }, [actor]);

  return (
    <BuilderEnvProvider env={env}>
      <BuilderNavigateContext value={leaveTo}>
        {dataRouter && (
          <LeaveGuard
            isOpen={() => !closing.current && actor.getSnapshot().status === "active"}
            ask={askToLeave}
          />
        )}
        <BuilderView
          canCreate={session.can("team.contests.create_contests")}
          registerFocus={(fn) => {
            focusRequest.current = fn;
          }}
        />
      </BuilderNavigateContext>
    </BuilderEnvProvider>
  );
}
