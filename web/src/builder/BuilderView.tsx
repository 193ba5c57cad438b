/**
 * The open builder's layout (contest-builder.md §2): header, sidebar, the current pane with the validation side pane
 * beside it (not on the welcome pane; on a source's pane under the live preview of its publication), the builder's
 * modals and the toggle notice. It reads only which pane is open
 * and the machine's phase, never the form, so typing in a field does not draw it again.
 */
import { Trans } from "@lingui/react/macro";
import { use, useCallback, useEffect, useState } from "react";
import { PANES } from "../../../engine/builder/selectors";
import { useMediaQuery } from "../widgets/useMediaQuery";
import { BuilderLoading } from "./BuilderLoading";
import { useBuilderEnv, useBuilderSelector } from "./context";
import { BuilderEscape } from "./escape";
import { idOf } from "./form-context";
import { Header } from "./Header";
import { LoadFailed } from "./LoadFailed";
import { BuilderModals } from "./modals/BuilderModals";
import { BasePane } from "./panes/BasePane";
import { SourcePane } from "./panes/SourcePane";
import { SourcesPane } from "./panes/SourcesPane";
import { SummaryPane } from "./panes/SummaryPane";
import { isSourcePane } from "./panes/source-pane";
import { WelcomePane } from "./panes/WelcomePane";
import { LivePreview } from "./preview/LivePreview";
import { Sidebar } from "./Sidebar";
import { SubmitRefusedAlert } from "./SubmitRefusedAlert";
import { tabOfPath } from "./schema/pane-form";
import { ToggleNoticeBar } from "./ToggleNoticeBar";
import { ValidationSidePane } from "./ValidationSidePane";

/** builder.css's phone layout, where the sidebar becomes a bar under the pane. */
export const BOTTOM_BAR_QUERY = "(max-width: 640px)";

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses the field of a form path, or the nearest group that shows it. */
function focusPath(path: string): boolean {
  const segments = path.split(".");
  for (let n = segments.length; n > 0; n--) {
    const at = segments.slice(0, n).join(".");
    const byId = document.getElementById(idOf(at));
    const target = byId?.matches(FOCUSABLE)
      ? byId
      : (byId?.querySelector<HTMLElement>(FOCUSABLE) ??
        document
          .querySelector<HTMLElement>(`[data-path="${CSS.escape(at)}"]`)
          ?.querySelector<HTMLElement>(FOCUSABLE));
    if (target) {
      target.focus();
      target.scrollIntoView?.({ block: "center" });
      return true;
    }
  }
  return false;
}

export function BuilderView({
  canCreate,
  registerFocus,
}: {
  canCreate: boolean;
  registerFocus(fn: (path: string) => void): void;
}) {
  const { actor, served } = useBuilderEnv();
  const pane = useBuilderSelector((s) => s.context.pane);
  const bottomBar = useMediaQuery(BOTTOM_BAR_QUERY);
  const phase = useBuilderSelector((s) =>
    s.matches("loading") || s.matches("opening") ? "loading" : s.matches("loadFailed") ? "failed" : "ready",
  );
  const ready = useBuilderSelector((s) => s.context.ready);
  /** The open tab of each source's pane, by source id. */
  const [tabs, setTabs] = useState<Record<number, string>>({});
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);

  const setTab = useCallback(
    (sourceId: number, tab: string) => setTabs((t) => ({ ...t, [sourceId]: tab })),
    [],
  );

  useEffect(() => {
    registerFocus((path) => {
      const { form } = actor.getSnapshot().context;
      const m = /^sources\.(\d+)(?:\.(.+))?$/.exec(path);
      let target: number = PANES.sources;
      if (path.startsWith("base")) target = PANES.base;
      else if (path.startsWith("summary")) target = PANES.summary;
      else if (m?.[2] !== undefined) {
        const source = form.sources[Number(m[1])];
        if (source) {
          target = source.id;
          const rules = served.sources[source.type];
          const tab = rules ? tabOfPath(rules, m[2]) : undefined;
          if (tab) setTab(source.id, tab);
        }
      }
      actor.send({ type: "GO_TO_PANE", pane: target });
      setPendingFocus(path);
    });
  }, [actor, served, registerFocus, setTab]);

  useEffect(() => {
    if (pendingFocus === null) return;
    const timer = setTimeout(() => {
      focusPath(pendingFocus);
      setPendingFocus(null);
    }, 0);
    return () => clearTimeout(timer);
  });

  // Escape asks to close (the close-builder confirmation); a dialog or menu open above the builder takes Escape first.
  const onEscape = use(BuilderEscape);
  useEffect(() => {
    onEscape.current = () => {
      const snapshot = actor.getSnapshot();
      if (
        snapshot.matches({ editing: "idle" }) ||
        snapshot.matches("loading") ||
        snapshot.matches("loadFailed")
      )
        actor.send({ type: "CLOSE" });
    };
    return () => {
      onEscape.current = null;
    };
  }, [actor, onEscape]);

  if (!ready && phase === "loading") return <BuilderLoading />;
  if (!ready && phase === "failed") return <LoadFailed />;

  let content: React.ReactNode;
  if (pane === PANES.welcome) content = <WelcomePane canCreate={canCreate} />;
  else if (pane === PANES.base) content = <BasePane />;
  else if (pane === PANES.sources) content = <SourcesPane />;
  else if (pane === PANES.summary) content = <SummaryPane />;
  else
    content = <SourcePane key={pane} sourceId={pane} tab={tabs[pane]} onTab={(tab) => setTab(pane, tab)} />;

  return (
    <>
      <Header />
      <div className="builder-body" data-preview={isSourcePane(pane) ? "" : undefined}>
        {!bottomBar && <Sidebar />}
        <div className="builder-main" id="builder-main">
          {phase === "loading" && (
            <p className="builder-importing" role="status">
              <Trans>Importing…</Trans>
            </p>
          )}
          {phase === "failed" && <LoadFailed />}
          <ToggleNoticeBar />
          <SubmitRefusedAlert />
          {content}
        </div>
        {pane !== PANES.welcome && (
          <div className="builder-aside" data-preview={isSourcePane(pane) ? "" : undefined}>
            {isSourcePane(pane) && <LivePreview sourceId={pane} />}
            <ValidationSidePane pane={pane} />
          </div>
        )}
        {/* On a phone the steps are a bar under the pane: after it in the page too, so Tab reaches the pane first. */}
        {bottomBar && <Sidebar />}
      </div>
      <BuilderModals />
    </>
  );
}
