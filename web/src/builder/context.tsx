/**
 * What every part of the open builder shares: the served config (compiled once), the machine's actor, the team's
 * features, the person's language, and the rjsf formContext of each part. Components read the machine through
 * `useBuilderSelector` with a narrow selector, so a keystroke re-renders only what shows the changed value.
 */
import { useSelector } from "@xstate/react";
import { createContext, type ProfilerOnRenderCallback, type ReactNode, use } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { builderMachine } from "../../../engine/builder/machine";
import type { CompiledConfig } from "../../../engine/config/compile";
import type { ValidationContext } from "../../../engine/config/types";
import type { ServedConfig } from "./api";
import type { BuilderFormContext, ShortlinksOnPaste } from "./form-context";

export type BuilderActor = ActorRefFrom<typeof builderMachine>;
export type BuilderSnapshot = SnapshotFrom<typeof builderMachine>;

export type BuilderEnv = {
  served: ServedConfig;
  compiled: CompiledConfig;
  actor: BuilderActor;
  locale: string;
  /** The team's plan features (config.team.features). */
  features: ReadonlySet<string>;
  /** A field's feature is out of the plan: the team has the builder but not this feature (rules.md "feature"). */
  isGated(feature: string): boolean;
  /** The validation context of now (server clock, features, quotas). */
  validationContext(): ValidationContext;
  /** The rjsf formContext of a part ("base", "summary", "sources.<i>"): one stable object per part. */
  formContextOf(part: string): BuilderFormContext;
  /** The team's shortlink-on-paste setting, and its change once saved (builder settings modal). */
  shortlinksOnPaste(): ShortlinksOnPaste;
  setShortlinksOnPaste(value: ShortlinksOnPaste): void;
  /** Moves to a field: its pane, its tab, then focus (the validation side pane's links). */
  focusField(path: string): void;
  /** Closes the builder at once, without the confirmation (the session or the permission is gone). */
  closeNow(): void;
};

const EnvContext = createContext<BuilderEnv | null>(null);

export function BuilderEnvProvider({ env, children }: { env: BuilderEnv; children: ReactNode }) {
  return <EnvContext value={env}>{children}</EnvContext>;
}

export function useBuilderEnv(): BuilderEnv {
  const env = use(EnvContext);
  if (!env) throw new Error("useBuilderEnv outside the builder");
  return env;
}

/** A narrow read of the machine: re-renders the caller only when the selected value changes (`compare`). */
export function useBuilderSelector<T>(
  selector: (snapshot: BuilderSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const { actor } = useBuilderEnv();
  return useSelector(actor, selector, compare);
}

/** Equality of small selected values (lists of states, summaries) by their JSON. */
export function sameJson<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Render measurement (React's Profiler) of the builder's parts, for the render-count test: when a callback is
 * given, the pane header and each field are wrapped in a Profiler (ids "pane:<part>" and "field:<path>").
 */
export const BuilderProfilerContext = createContext<ProfilerOnRenderCallback | null>(null);
