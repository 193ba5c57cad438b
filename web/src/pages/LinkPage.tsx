/**
 * /link: link a social account to the current team (POST /teams/current/accounts/link {provider}). Each network goes
 * through its driver; without network credentials that is the sandbox, which links a test account at once (and
 * labels it). Login-only networks are not offered. Needs team.accounts.update_account; the plan's accounts quota
 * (per network) answers maxAccountsExceeded, shown by the shell as an upgrade prompt.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import type { Account } from "../../../codegen/types";
import { api, unwrap } from "../api/client";
import { ApiError } from "../api/errors";
import { useDialogs } from "../dialogs/DialogHost";
import { PROVIDERS_BY_DISPLAY_NAME } from "../providers";
import { useSession } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { NotAllowed, WhenLoaded } from "../team/states";
import { useLoad } from "../team/useLoad";
import { usePageTitle } from "../usePageTitle";
import { Avatar } from "../widgets/Avatar";
import "./me/me.css";
import { ProviderMark } from "../components/ProviderMark";
import { notify } from "../feedback/Toasts";

/** The networks a team can link an account of (login-only ones cannot host a contest). */
export const LINKABLE_PROVIDERS = PROVIDERS_BY_DISPLAY_NAME.filter((p) => !p.onlyLogin);

export async function fetchTeamAccounts(): Promise<Account[]> {
  return (await unwrap(api.teams.current.accounts.list.$get())).data as Account[];
}

export async function linkAccount(provider: string): Promise<Account> {
  return (await unwrap(api.teams.current.accounts.link.$post({ json: { provider } }))) as Account;
}

export default function LinkPage() {
  const { t } = useLingui();
  usePageTitle(t`Link an account`);
  const session = useSession();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const canLink = session.can("team.accounts.update_account");
  const team = session.user?.currentTeam.name ?? "";
  const [accounts, accountsCtl] = useLoad(`accounts:${session.user?.current_team_id}`, fetchTeamAccounts);
  const [linking, setLinking] = useState<string | null>(null);

  const link = async (provider: string) => {
    setLinking(provider);
    try {
      const account = await linkAccount(provider);
      accountsCtl.update((list) => [...list, account]);
      const who = account.screen_name ? `${account.name} (@${account.screen_name})` : account.name;
      notify.success(t`${who} is now linked to ${team}.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        void dialogs.alert({ type: "error", title: err.field("provider") ?? err.message });
      } else onError(err);
    } finally {
      setLinking(null);
    }
  };

  const counts = new Map<string, number>();
  if (accounts.status === "ready") {
    for (const a of accounts.data) counts.set(a.provider, (counts.get(a.provider) ?? 0) + 1);
  }

  return (
    <div className="me-page link-page">
      <h1>
        <Trans>Link an account</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Contests run from the social accounts linked to {team}. Choose a network to link one of your
          accounts.
        </Trans>
      </p>

      {canLink ? (
        <section aria-labelledby="networks-title" className="me-section">
          <h2 id="networks-title">
            <Trans>Networks</Trans>
          </h2>
          <p className="notice" role="note">
            <Trans>
              A network without credentials on this server goes through the sandbox: it links a test account
              at once, labelled as such, so you can rehearse a whole contest.
            </Trans>
          </p>
          <ul className="link-grid">
            {LINKABLE_PROVIDERS.map((p) => {
              const linked = counts.get(p.name) ?? 0;
              return (
                <li key={p.name}>
                  <button
                    type="button"
                    className="link-choice"
                    data-provider={p.name}
                    disabled={linking !== null}
                    onClick={() => void link(p.name)}
                  >
                    <ProviderMark provider={p.name} withName />
                    <span className="muted">
                      {linking === p.name ? (
                        <Trans>Linking…</Trans>
                      ) : linked > 0 ? (
                        <Trans>{linked} linked</Trans>
                      ) : (
                        <Trans>Link</Trans>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <p>
            <Trans>
              Is the account someone else's? <Link to="/team/accounts">Invite its owner</Link> to lend it to
              the team.
            </Trans>
          </p>
        </section>
      ) : (
        <NotAllowed>
          <Trans>
            Linking accounts needs the permission to link and refresh accounts. Ask an owner of the team.
          </Trans>
        </NotAllowed>
      )}

      <section aria-labelledby="linked-title" className="me-section">
        <h2 id="linked-title">
          <Trans>Linked to {team}</Trans>
        </h2>
        <WhenLoaded
          state={accounts}
          onRetry={accountsCtl.reload}
          empty={<Trans>No account is linked to the team yet.</Trans>}
        >
          {(list) => (
            <ul className="linked-accounts">
              {list.map((a) => (
                <li key={a._id} data-account={a._id}>
                  <Avatar src={a.profile_picture} alt="" size={28} />
                  <span>
                    {a.name}
                    {a.screen_name && <span className="muted"> @{a.screen_name}</span>}
                  </span>
                  <ProviderMark provider={a.provider} withName />
                  {a.sandbox && (
                    <span className="me-badge">
                      <Trans>Sandbox</Trans>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </WhenLoaded>
        <p>
          <Link to="/team/accounts">
            <Trans>Manage the team's accounts</Trans>
          </Link>
        </p>
      </section>
    </div>
  );
}
