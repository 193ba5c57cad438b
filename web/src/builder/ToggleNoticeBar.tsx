/**
 * What the last switch did besides itself (contest-builder.md §4 "Feature ties"): the options it switched off, or
 * the options that hold it on, in the person's language, with a dismiss button.
 */
import { useLingui } from "@lingui/react/macro";
import { formatList } from "../i18n/list";
import { useBuilderEnv, useBuilderSelector } from "./context";
import { fieldLabel } from "./labels";

function labelOfPath(i18n: ReturnType<typeof useLingui>["i18n"], path: string): string {
  const m = /^(base|summary|sources\.\d+)\.(.+)$/.exec(path);
  if (!m) return path;
  const scope = m[1]?.startsWith("sources") ? "sources" : (m[1] ?? "");
  return fieldLabel(i18n, scope, m[2] ?? "");
}

export function ToggleNoticeBar() {
  const { t, i18n } = useLingui();
  const { actor } = useBuilderEnv();
  const notice = useBuilderSelector((s) => s.context.notice);
  if (!notice) return null;
  const names = formatList(
    i18n.locale,
    (notice.kind === "blocked" ? notice.blockedBy : notice.switchedOff).map((p) => labelOfPath(i18n, p)),
  );
  const own = labelOfPath(i18n, notice.path);
  return (
    <div className={`builder-toggle-notice notice-${notice.kind}`} role="status">
      <span>
        {notice.kind === "blocked"
          ? t`${own} can't be switched off: ${names} needs it.`
          : t`${own} is on: ${names} switched off.`}
      </span>
      <button type="button" className="button small" onClick={() => actor.send({ type: "DISMISS_NOTICE" })}>
        {t`OK`}
      </button>
    </div>
  );
}
