/**
 * What the builder's UI reads from the machine's context, as pure functions: the sidebar entries with their
 * pane states (a red cross, a green check or an arrow, contest-builder.md §2, §4), the steps of one part for the
 * validation side pane, and whether a source of a provider may still be added.
 */
import type { CompiledConfig } from "../config/compile";
import type { ValidationErrors } from "../messages/types";
import { scopeInstances } from "../validation/scopes";
import { type PaneState, paneState, type StepState, stepStates } from "../validation/steps";
import { type BuilderForm, countSources } from "./form";

/** The part of the context the selectors read. */
export type SelectorContext = {
  readonly config: CompiledConfig;
  readonly form: BuilderForm;
  readonly errors: ValidationErrors;
  readonly validated: ReadonlySet<string>;
};

export const PANES = { welcome: 0, base: 1, sources: 2, summary: 3 } as const;

/** The panes in sidebar order: welcome, basic information, sources, each source, summary. */
export function paneOrder(form: BuilderForm): number[] {
  return [PANES.welcome, PANES.base, PANES.sources, ...form.sources.map((s) => s.id), PANES.summary];
}

/** The part of the form a pane edits ("base", "sources", "sources.<i>", "summary"); null for the welcome pane. */
export function partOfPane(form: BuilderForm, pane: number): string | null {
  if (pane === PANES.base) return "base";
  if (pane === PANES.sources) return "sources";
  if (pane === PANES.summary) return "summary";
  const index = form.sources.findIndex((s) => s.id === pane);
  return index === -1 ? null : `sources.${index}`;
}

/** Whether an error path belongs to a part. The sources list owns "sources" and each "sources.<i>.type". */
export function inPart(path: string, part: string): boolean {
  const listPath = path === "sources" || /^sources\.\d+\.type$/.test(path);
  if (part === "sources") return listPath;
  return !listPath && (path === part || path.startsWith(`${part}.`));
}

/**
 * The panes that hold errors, in sidebar order, each with its error paths: where a failed submit takes the person
 * (the first) and what its alert names (all).
 */
export function panesWithErrors(
  form: BuilderForm,
  errors: Readonly<Record<string, unknown>>,
): { pane: number; paths: string[] }[] {
  const paths = Object.keys(errors);
  return paneOrder(form).flatMap((pane) => {
    const part = partOfPane(form, pane);
    const mine = part === null ? [] : paths.filter((p) => inPart(p, part));
    return mine.length > 0 ? [{ pane, paths: mine }] : [];
  });
}

export type SidebarEntry = {
  /** The pane the entry opens. */
  pane: number;
  /** The part of the form it stands for. */
  part: string;
  /** The provider, for a source's entry. */
  provider?: string;
  state: PaneState;
};

function listState(context: SelectorContext): PaneState {
  if (Object.keys(context.errors).some((p) => inPart(p, "sources"))) return "INVALID";
  return context.validated.has("sources") ? "VALID" : "INCOMPLETE";
}

/** The state of one part's steps, for the validation side pane; empty for a part without rules. */
export function partSteps(context: SelectorContext, part: string): { id: string; state: StepState }[] {
  const inst = scopeInstances(context.form, context.config).find((s) => s.prefix === part);
  return inst ? stepStates(inst, context.errors, context.validated) : [];
}

function partState(context: SelectorContext, part: string): PaneState {
  const inst = scopeInstances(context.form, context.config).find((s) => s.prefix === part);
  // A source of a provider without rules has no steps: only its errors (an unknown type) can be shown.
  if (!inst) return Object.keys(context.errors).some((p) => inPart(p, part)) ? "INVALID" : "INCOMPLETE";
  return paneState(stepStates(inst, context.errors, context.validated).map((s) => s.state));
}

/** Every sidebar entry but the welcome pane, in order, with its pane state. */
export function paneStates(context: SelectorContext): SidebarEntry[] {
  return [
    { pane: PANES.base, part: "base", state: partState(context, "base") },
    { pane: PANES.sources, part: "sources", state: listState(context) },
    ...context.form.sources.map((source, i): SidebarEntry => {
      const part = `sources.${i}`;
      return { pane: source.id, part, provider: source.type, state: partState(context, part) };
    }),
    { pane: PANES.summary, part: "summary", state: partState(context, "summary") },
  ];
}

/** How many sources of a provider a contest may hold (the validator's default when the config omits it). */
export function maxSourcesOf(config: CompiledConfig, provider: string): number {
  return config.providers[provider]?.maxSourcesLimitCB ?? 1;
}

/** A source of this provider may be added: the builder knows its rules and the per-provider limit is not reached. */
export function canAddSource(context: Pick<SelectorContext, "config" | "form">, provider: string): boolean {
  if (!context.config.sources.has(provider)) return false;
  return countSources(context.form, provider) < maxSourcesOf(context.config, provider);
}

/** The add-source link shows only while some provider can still be added (§2). */
export function canAddAnySource(context: Pick<SelectorContext, "config" | "form">): boolean {
  return [...context.config.sources.keys()].some((provider) => canAddSource(context, provider));
}
