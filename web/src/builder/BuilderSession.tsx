/**
 * One run of the builder machine over the served config (contest-builder.md §2, §4): the heavy part of the builder
 * (the machine, the forms, their validators), a chunk of its own that ContestBuilder loads once the window is large
 * enough or the person opens it anyway: a phone that only sees the 'dimensions too small' notice never downloads it.
 */
import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { UNSAFE_DataRouterContext, useBlocker, useLocation, useNavigate } from "react-router";
import type { BuilderOutput } from "../../../engine/builder/machine";
import type { Origin } from "../../../engine/builder/origin";
import { compileConfig } from "../../../engine/config/compile";
import type { ValidationContext } from "../../../engine/config/types";
import offers from "../../../schemas/offers.json";
import { notify } from "../feedback/Toasts";
import { useSession } from "../session/session";
import type { ServedConfig } from "./api";
import { BuilderView } from "./BuilderView";
import { type BuilderActor, type BuilderEnv, BuilderEnvProvider } from "./context";
import type { BuilderFormContext } from "./form-context";
import { BuilderNavigateContext } from "./navigate";
import { type BuilderCalls, builderInput, builderLogic, makeFormContext, newForm } from "./session";

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
