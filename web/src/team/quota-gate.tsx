/**
 * Quota-aware actions (issue 15): a button the plan's quota blocks says so before the person fills a dialog —
 * disabled, described by the reason (with real plurals in every language) and the link to upgrade. The counts are
 * GET /teams/current/quotas, the ones the server enforces (app-shell.md §3 quotas); while they are not known, or
 * could not be read, nothing is blocked here and the server still says no.
 */
import { Plural, Trans } from "@lingui/react/macro";
import { Lock } from "lucide-react";
import "./quota-gate.css";
import { BuilderLink } from "../builder/navigate";
import { useSession } from "../session/session";
import { fetchQuotas, type QuotaUsage } from "./api";
import { useLoad } from "./useLoad";

export type GatedQuota = "members" | "contests" | "drafts" | "templates" | "imports" | "accounts";

/** What the team uses of its quotas; null until known (or when it could not be read). */
export function useQuotaUsage(): QuotaUsage | null {
  const session = useSession();
  const team = session.user?.currentTeam._id ?? "";
  const [state] = useLoad(`quotas:${team}`, fetchQuotas);
  return state.status === "ready" ? state.data : null;
}

/** The quota's limit when the team has used all of it (members: invites still open count too), else null. */
export function fullQuota(usage: QuotaUsage | null, name: GatedQuota): number | null {
  const quota = usage?.[name];
  if (!quota) return null;
  const used = quota.used + (name === "members" ? usage.members.invites : 0);
  return used >= quota.limit ? quota.limit : null;
}

/**
 * The accounts quota's limit when the team has linked all the accounts its plan allows on this network (the
 * quota is per network), else null. Open account invites are not in the counts: the server still refuses those.
 */
export function fullAccountsQuota(usage: QuotaUsage | null, provider: string): number | null {
  const quota = usage?.accounts;
  if (!quota || provider === "") return null;
  return (quota.per_provider[provider] ?? 0) >= quota.limit ? quota.limit : null;
}

/** Why the action is blocked, and the way out: the sentence a disabled button is described by. */
/** `upgrade={false}` inside a menu, where the upgrade is a menu item of its own (a link there is out of the arrow keys' reach). */
export function QuotaReason({
  id,
  name,
  limit,
  upgrade = true,
}: {
  id: string;
  name: GatedQuota;
  limit: number;
  upgrade?: boolean;
}) {
  return (
    <p id={id} className="quota-reason">
      <Lock size={14} aria-hidden="true" />
      <span>
        {name === "members" && (
          <Plural
            value={limit}
            _0="Your plan includes no other member."
            one="Your plan includes # member, open invites included: it is taken."
            other="Your plan includes # members, open invites included: all are taken."
          />
        )}
        {name === "contests" && (
          <Plural
            value={limit}
            _0="Your plan includes no contest of its own."
            one="Your plan includes # running contest: it is in use."
            other="Your plan includes # running contests: all are in use."
          />
        )}
        {name === "drafts" && (
          <Plural
            value={limit}
            _0="Your plan includes no draft."
            one="Your plan includes # draft: it is in use."
            other="Your plan includes # drafts: all are in use."
          />
        )}
        {name === "templates" && (
          <Plural
            value={limit}
            _0="Your plan includes no template."
            one="Your plan includes # template: it is in use."
            other="Your plan includes # templates: all are in use."
          />
        )}
        {name === "imports" && (
          <Plural
            value={limit}
            _0="Your plan includes no import."
            one="Your plan includes # import a month: it is used."
            other="Your plan includes # imports a month: all are used."
          />
        )}
        {name === "accounts" && (
          <Plural
            value={limit}
            _0="Your plan includes no account on this network."
            one="Your plan includes # account per network: this network's is linked."
            other="Your plan includes # accounts per network: this network's are all linked."
          />
        )}
        {upgrade && (
          <>
            {" "}
            <BuilderLink to="/team/subscription">
              <Trans>Upgrade the plan</Trans>
            </BuilderLink>
          </>
        )}
      </span>
    </p>
  );
}
