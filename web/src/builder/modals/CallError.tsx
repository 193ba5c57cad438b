/**
 * Why a builder call failed (contest-builder.md §8): the server's message, the fields it refused (a 422 names them
 * in the person's language), the error id to report, and the plan link for a plan key.
 */
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { ApiError } from "../../api/errors";

const PLAN_KEYS = new Set([
  "planNotSupported",
  "draftsQuotaExceeded",
  "templatesQuotaExceeded",
  "contestsQuotaExceeded",
]);

export function CallError({ error }: { error: unknown }) {
  if (!error) return null;
  const err = error instanceof ApiError ? error : null;
  const message = err ? err.message : error instanceof Error ? error.message : String(error);
  const fields = err ? Object.entries(err.fields) : [];
  return (
    <div className="builder-call-error" role="alert">
      <p className="field-error">{message}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map(([path, messages]) => (
            <li key={path}>
              <span>{messages[0]}</span> <span className="muted">({path})</span>
            </li>
          ))}
        </ul>
      )}
      {err?.uid && (
        <p className="muted">
          <Trans>Error id: {err.uid}</Trans>
        </p>
      )}
      {err && PLAN_KEYS.has(err.key) && (
        <p>
          <Link to="/team/subscription">
            <Trans>See the plans</Trans>
          </Link>
        </p>
      )}
    </div>
  );
}
