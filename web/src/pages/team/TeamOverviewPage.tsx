/**
 * /team/ (app-shell.md §2, §3): the current team's name, plan, owner, creation date and quotas — each limit
 * with what is used where a list tells it (members, accounts of the busiest network, templates).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useDialogs } from "../../dialogs/DialogHost";
import { TeamExtraFeaturesDialog } from "../../dialogs/TeamExtraFeaturesDialog";
import { useSession, useUser } from "../../session/session";
import { countTemplates, listAccounts, listMembers } from "../../team/api";
import { formatDate } from "../../team/format";
import { QUOTA_LABELS, QUOTA_NAMES, type QuotaName } from "../../team/labels";
import { planById } from "../../team/plans";
import { LoadError, Loading } from "../../team/states";
import "../../team/team.css";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";

type Usage = { owner: string | null; used: Partial<Record<QuotaName, number>> };

/** The accounts quota counts per network: what is used is the busiest network's count. */
export function busiestNetwork(accounts: readonly { provider: string }[]): number {
  const counts = new Map<string, number>();
  for (const a of accounts) counts.set(a.provider, (counts.get(a.provider) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

async function loadUsage(canSeeTemplates: boolean): Promise<Usage> {
  const [members, accounts, templates] = await Promise.all([
    listMembers(),
    listAccounts(),
    canSeeTemplates ? countTemplates() : Promise.resolve(undefined),
  ]);
  return {
    owner: members.find((m) => m.pivot.role === "owner")?.name ?? null,
    used: { members: members.length, accounts: busiestNetwork(accounts), templates },
  };
}

export default function TeamOverviewPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Team`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const team = user.currentTeam;
  const canSeeTemplates = session.can("team.templates.view_templates");
  const [usage, { reload }] = useLoad(`${team._id}:${canSeeTemplates}`, () => loadUsage(canSeeTemplates));
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
        <table className="data team-quotas">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Quota</Trans>
              </th>
              <th scope="col">
                <Trans>Used</Trans>
              </th>
              <th scope="col">
                <Trans>Limit</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {QUOTA_NAMES.map((name) => {
              const limit = team.quotas[name] ?? 0;
              const used = usage.status === "ready" ? usage.data.used[name] : undefined;
              const full = used !== undefined && used >= limit;
              return (
                <tr key={name} data-quota={name} data-full={full || undefined}>
                  <th scope="row">{i18n._(QUOTA_LABELS[name])}</th>
                  <td>
                    {used === undefined ? (
                      <>
                        <span className="muted" aria-hidden="true">
                          —
                        </span>
                        <span className="visually-hidden">{t`Not counted here`}</span>
                      </>
                    ) : (
                      i18n.number(used)
                    )}
                  </td>
                  <td>{i18n.number(limit)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="muted">
          <Trans>
            Quotas are your plan's, or larger ones set for your team; a yearly subscription doubles them.
          </Trans>
        </p>
      </section>
    </div>
  );
}
