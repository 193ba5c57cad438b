/**
 * /team/ (app-shell.md §2, §3): the current team's name, plan, owner, creation date and quotas — each limit with
 * what is used, as the server counts it when it enforces the quota (GET /teams/current/quotas): members (and the
 * invites that hold a place), accounts of the busiest network (the quota is per network), drafts, templates,
 * imports of this month, running contests; winners is a limit per draw.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useDialogs } from "../../dialogs/DialogHost";
import { TeamExtraFeaturesDialog } from "../../dialogs/TeamExtraFeaturesDialog";
import { useUser } from "../../session/session";
import { accountsPerNetworkText } from "../../team/accounts-per-network";
import { fetchQuotas, listMembers, type QuotaUsage } from "../../team/api";
import { formatDate } from "../../team/format";
import { QUOTA_LABELS, QUOTA_NAMES, type QuotaName } from "../../team/labels";
import { planById } from "../../team/plans";
import { LoadError, Loading } from "../../team/states";
import "../../team/team.css";
import { DataTable } from "../../components/DataTable";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";

type Usage = { owner: string | null; quotas: QuotaUsage };

/** The accounts quota counts per network: what is used is the busiest network's count. */
export function busiestNetwork(accounts: readonly { provider: string }[]): number {
  const counts = new Map<string, number>();
  for (const a of accounts) counts.set(a.provider, (counts.get(a.provider) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

async function loadUsage(): Promise<Usage> {
  const [members, quotas] = await Promise.all([listMembers(), fetchQuotas()]);
  return { owner: members.find((m) => m.pivot.role === "owner")?.name ?? null, quotas };
}

/** What is used of a quota; undefined for winners (a limit per draw, nothing is used up). */
function usedOf(quotas: QuotaUsage, name: QuotaName): number | undefined {
  return name === "winners" ? undefined : quotas[name].used;
}

export default function TeamOverviewPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Team`);
  const user = useUser();
  const dialogs = useDialogs();
  const team = user.currentTeam;
  const [usage, { reload }] = useLoad(team._id, loadUsage);
  const plan = planById(team.plan);
  const planName = plan?.name ?? team.plan;
  const role = user.teams.find((m) => m._id === team._id)?.role;

  return (
    <div className="team-page">
      <h1>{team.name}</h1>
      <section className="card" aria-labelledby="team-about">
        <h2 id="team-about">
          <Trans>About the team</Trans>
        </h2>
        <dl className="team-details">
          <dt>
            <Trans>Plan</Trans>
          </dt>
          <dd>
            {planName}
            {team.subscription && (
              <span className="muted">
                {" "}
                {team.subscription.yearly ? t`(billed yearly)` : t`(billed monthly)`}
              </span>
            )}{" "}
            <Link to="/team/subscription">
              <Trans>See the plans</Trans>
            </Link>
          </dd>
          <dt>
            <Trans>Owner</Trans>
          </dt>
          <dd>
            {usage.status === "ready" ? (usage.data.owner ?? "—") : <span className="muted">…</span>}
            {team.owner_id === user._id && <span className="muted"> {t`(you)`}</span>}
          </dd>
          <dt>
            <Trans>Your role</Trans>
          </dt>
          <dd>{role === "owner" ? t`Owner` : t`Member`}</dd>
          <dt>
            <Trans>Created</Trans>
          </dt>
          <dd>{formatDate(i18n, team.created_at)}</dd>
        </dl>
        <p>
          <button
            type="button"
            className="button"
            onClick={() =>
              dialogs.open((close) => (
                <TeamExtraFeaturesDialog features={team.features} plan={team.plan} onClose={close} />
              ))
            }
          >
            <Trans>See the team's features</Trans>
          </button>
        </p>
      </section>

      <section className="card" aria-labelledby="team-quotas">
        <h2 id="team-quotas">
          <Trans>Quotas</Trans>
        </h2>
        {usage.status === "loading" && <Loading />}
        {usage.status === "error" && <LoadError error={usage.error} onRetry={reload} />}
        <DataTable className="data team-quotas" columns={[t`Quota`, t`Used`, t`Limit`]}>
          {QUOTA_NAMES.map((name) => {
            const quotas = usage.status === "ready" ? usage.data.quotas : null;
            const limit = quotas ? quotas[name].limit : (team.quotas[name] ?? 0);
            const used = quotas ? usedOf(quotas, name) : undefined;
            const full = used !== undefined && used >= limit;
            const invites = quotas && name === "members" ? quotas.members.invites : 0;
            const invited = i18n.number(invites);
            // Counted per network: said with the networks it is on ("2 on Bluesky and 1 on TikTok").
            const perNetwork =
              quotas && name === "accounts"
                ? accountsPerNetworkText(i18n, quotas.accounts.per_provider)
                : null;
            return (
              <tr key={name} data-quota={name} data-full={full || undefined}>
                <th scope="row">{i18n._(QUOTA_LABELS[name])}</th>
                <td>
                  {used === undefined ? (
                    <>
                      <span className="muted" aria-hidden="true">
                        —
                      </span>
                      <span className="visually-hidden">
                        {name === "winners" ? t`A limit for each draw` : t`Not counted yet`}
                      </span>
                    </>
                  ) : perNetwork !== null ? (
                    perNetwork
                  ) : (
                    <>
                      {i18n.number(used)}
                      {invites > 0 && <span className="muted"> {t`(+${invited} invited)`}</span>}
                    </>
                  )}
                </td>
                <td>{i18n.number(limit)}</td>
              </tr>
            );
          })}
        </DataTable>
        <p className="muted">
          <Trans>
            Quotas are your plan's, or larger ones set for your team; a yearly subscription doubles them.
            Imports count the calendar month; pending member invites hold a place; winners are a limit for
            each draw.
          </Trans>
        </p>
      </section>
    </div>
  );
}
