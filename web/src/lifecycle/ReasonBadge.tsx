/** A reason code as a badge with its translated label (a contest's own free-text reason shows as written). */
import { useLingui } from "@lingui/react/macro";
import { isFilterReason, reasonLabel } from "./reasons";

export function ReasonBadge({ code }: { code: string }) {
  const { i18n } = useLingui();
  const label = reasonLabel(code);
  return (
    <span className={`reason-badge${isFilterReason(code) ? " filter" : " manual"}`} data-reason={code}>
      {label ? i18n._(label) : code}
    </span>
  );
}

export function ReasonList({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return null;
  return (
    <ul className="reason-list">
      {codes.map((code) => (
        <li key={code}>
          <ReasonBadge code={code} />
        </li>
      ))}
    </ul>
  );
}
