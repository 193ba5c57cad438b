/**
 * One check of the /verify page (the draw's and the winning moments'): passed or failed, what it checks, and when
 * it failed, the published value beside the one the browser computed.
 */

import { Trans } from "@lingui/react/macro";
import { Check, X } from "lucide-react";

export function VerifyCheck({
  check,
  passed,
  published,
  computed,
  children,
}: {
  /** What is checked, for tests and styles (data-check). */
  check: string;
  passed: boolean;
  published: string;
  computed: string;
  /** The check's label. */
  children: React.ReactNode;
}) {
  return (
    <li>
      <div
        role="status"
        className={`verify-check ${passed ? "check-passed" : "check-failed"}`}
        data-check={check}
        data-passed={passed}
      >
        <span className="check-mark" aria-hidden="true">
          {passed ? <Check size={16} /> : <X size={16} />}
        </span>
        <span>
          <strong>{passed ? <Trans>Passed:</Trans> : <Trans>Failed:</Trans>}</strong> {children}
          {!passed && (
            <span className="check-detail">
              <Trans>Published:</Trans> <code dir="ltr">{published || "—"}</code>
              <br />
              <Trans>Computed in your browser:</Trans> <code dir="ltr">{computed || "—"}</code>
            </span>
          )}
        </span>
      </div>
    </li>
  );
}
