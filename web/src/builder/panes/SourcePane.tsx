/**
 * One source's pane (contest-builder.md §2): the provider's tabs from its sidecar's `tab` hints (twitter:
 * publication, actions, reminders, filters, others; facebook and instagram: no filters; the rest by theirs), each
 * an rjsf form of the fields of that tab. Next moves to the next tab, and from the last one checks the source.
 */
import { useLingui } from "@lingui/react/macro";
import { Eye } from "lucide-react";
import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { partSteps } from "../../../../engine/builder/selectors";
import { ProviderMark } from "../../components/ProviderMark";
import { providerOf } from "../../providers";
import { sameJson, useBuilderEnv, useBuilderSelector } from "../context";
import { tabLabel } from "../labels";
import { PartForm } from "../PartForm";
import { LivePreview } from "../preview/LivePreview";
import { StateIcon } from "../StateIcon";
import { tabsOf } from "../schema/pane-form";
import type { ScopeName } from "../schema/schemas";
import { PaneFrame } from "./PaneFrame";

/** The tab leave waiting to be sent, per builder. */
const leaving = new WeakMap<object, { part: string; tab: string; timer: ReturnType<typeof setTimeout> }>();

export function SourcePane({
  sourceId,
  tab,
  onTab,
}: {
  sourceId: number;
  tab: string | undefined;
  onTab(tab: string): void;
}) {
  const { t, i18n } = useLingui();
  const { served, compiled, actor } = useBuilderEnv();
  const index = useBuilderSelector((s) => s.context.form.sources.findIndex((x) => x.id === sourceId));
  const provider = useBuilderSelector(
    (s) => s.context.form.sources.find((x) => x.id === sourceId)?.type ?? "",
  );
  const rules = served.sources[provider];
  // Below the wide layout the live preview is not beside the editor: a toggle shows it above the form.
  const [previewOpen, setPreviewOpen] = useState(false);
  const tabs = useMemo(() => (rules ? tabsOf(rules) : []), [rules]);
  const current = tab && tabs.includes(tab) ? tab : tabs[0];
  const part = `sources.${index}`;
  const scope = useMemo((): ScopeName => ({ kind: "source", provider }), [provider]);
  // The state of each tab: its steps' worst.
  const tabStates = useBuilderSelector((s) => {
    const steps = partSteps({ ...s.context, config: compiled }, part);
    return tabs.map((tabName) => {
      const ids = new Set((rules?.steps ?? []).filter((st) => st.tab === tabName).map((st) => st.id));
      const states = steps.filter((st) => ids.has(st.id)).map((st) => st.state);
      if (states.includes("INVALID")) return "INVALID";
      if (states.length > 0 && states.every((x) => x === "OPTION")) return "OPTION";
      return states.length > 0 && states.every((x) => x === "VALID" || x === "OPTION") ? "VALID" : "REQUIRED";
    });
  }, sameJson);

  // A tab the person leaves (for another tab or another pane) is reached: its errors show from then on. The
  // leave is sent a moment later and cancelled if the same tab comes back at once (React's StrictMode remount).
  useEffect(() => {
    if (!current || index === -1) return;
    const pending = leaving.get(actor);
    if (pending?.tab === current && pending.part === part) {
      clearTimeout(pending.timer);
      leaving.delete(actor);
    }
    return () => {
      const timer = setTimeout(() => {
        leaving.delete(actor);
        if (actor.getSnapshot().status === "active") actor.send({ type: "LEAVE_TAB", part, tab: current });
      }, 0);
      leaving.set(actor, { part, tab: current, timer });
    };
  }, [actor, part, current, index]);

  if (index === -1) return null;
  const name = providerOf(provider)?.display_name ?? provider;
  const at = current ? tabs.indexOf(current) : -1;
  const nextTab = at >= 0 && at < tabs.length - 1 ? tabs[at + 1] : undefined;

  const body = rules ? (
    <PartForm key={`${part}:${current}`} part={part} scope={scope} tab={current} />
  ) : (
    <p className="builder-warning">{t`This network can't be configured here.`}</p>
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const dir = (e.key === "ArrowRight") === (document.dir !== "rtl") ? 1 : -1;
    const next = tabs[(at + dir + tabs.length) % tabs.length];
    if (next) {
      onTab(next);
      document.getElementById(`builder-tab-${next}`)?.focus();
    }
  };

  return (
    <PaneFrame
      title={name}
      part={part}
      extra={
        <>
          <ProviderMark provider={provider} />
          <button
            type="button"
            className="button builder-preview-toggle"
            aria-expanded={previewOpen}
            aria-controls="builder-inline-preview"
            onClick={() => setPreviewOpen((open) => !open)}
          >
            <Eye size={16} aria-hidden="true" /> {t`Preview`}
          </button>
        </>
      }
      onNext={nextTab ? () => onTab(nextTab) : undefined}
    >
      <div id="builder-inline-preview" className="builder-inline-preview">
        {previewOpen && <LivePreview sourceId={sourceId} />}
      </div>
      {tabs.length > 1 && (
        <div
          className="builder-tabs"
          role="tablist"
          aria-label={t`Parts of the ${name} source`}
          onKeyDown={onKeyDown}
        >
          {tabs.map((tabName, i) => (
            <button
              key={tabName}
              id={`builder-tab-${tabName}`}
              type="button"
              role="tab"
              aria-selected={tabName === current}
              aria-controls="builder-tabpanel"
              tabIndex={tabName === current ? 0 : -1}
              className="builder-tab"
              onClick={() => onTab(tabName)}
            >
              <StateIcon state={tabStates[i] ?? "REQUIRED"} />
              {tabLabel(i18n, tabName)}
            </button>
          ))}
        </div>
      )}
      {tabs.length > 1 ? (
        <div id="builder-tabpanel" role="tabpanel" aria-labelledby={`builder-tab-${current}`}>
          {body}
        </div>
      ) : (
        body
      )}
    </PaneFrame>
  );
}
