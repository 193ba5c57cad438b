/**
 * /team/accounts (app-shell.md §2, §3, §6, §7): the team's linked social accounts — network, name and handle,
 * linked date, contests, the "Sandbox" label for sandbox accounts (decisions.md), "Live account" for real ones (a
 * Bluesky account connected with an app password, a YouTube channel connected by OAuth: "Connect YouTube", the
 * callback's result said by ConnectResult) and "needs reconnecting" for
 * disabled ones — with refresh (team.accounts.update_account), request reconnect
 * (team.accounts.request_reconnect_account), unlink (team.accounts.unlink_account) and "link an account".
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Account } from "../../../../codegen/types";
import { useDialogs } from "../../dialogs/DialogHost";
import { LinkAccountDialog } from "../../dialogs/LinkAccountDialog";
import { RequestReconnectDialog } from "../../dialogs/RequestReconnectDialog";
import { UnlinkAccountDialog } from "../../dialogs/UnlinkAccountDialog";
import { useSession, useUser } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { listAccounts, refreshAccount } from "../../team/api";
import { ConnectResult } from "../../team/ConnectResult";
import { ConnectWayButton } from "../../team/ConnectWayButton";
import { useConnectWays } from "../../team/connect";
import { formatDate } from "../../team/format";
import { WhenLoaded } from "../../team/states";
import "../../team/team.css";
import { DataTable } from "../../components/DataTable";
import { ProviderMark } from "../../components/ProviderMark";
import { notify } from "../../feedback/Toasts";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";

export default function TeamAccountsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Accounts`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const [accounts, { reload, update }] = useLoad(user.currentTeam._id, listAccounts);
  const [refreshing, setRefreshing] = useState<string | null>(null);
  const can = {
    update: session.can("team.accounts.update_account"),
    reconnect: session.can("team.accounts.request_reconnect_account"),
    unlink: session.can("team.accounts.unlink_account"),
    invite: session.can("team.invites.create_invite"),
  };
  const perNetwork = user.currentTeam.quotas.accounts ?? 0;
  const ways = useConnectWays();

  const refresh = async (account: Account) => {
    setRefreshing(account._id);
    const name = account.name;
    try {
      const ok = await refreshAccount(account._id);
      if (ok) notify.success(t`${name} is up to date.`);
      else notify.error(t`${name} could not be refreshed.`);
      if (ok) reload();
    } catch (e) {
      onError(e);
    } finally {
      setRefreshing(null);
    }
  };

  const link = () =>
    dialogs.open((close) => (
      <LinkAccountDialog
        onClose={close}
        onLinked={(a) => {
          const name = a.name;
          notify.success(t`${name} is linked.`);
          reload();
        }}
      />
    ));

  return (
    <div className="team-page">
      <div className="team-page-head">
        <h1>
          <Trans>Accounts</Trans>
        </h1>
        <div className="team-connect-buttons">
          {can.update &&
            ways.map((way) => <ConnectWayButton key={`${way.provider}:${way.variant ?? ""}`} way={way} />)}
          {(can.invite || can.update) && (
            <button type="button" className="button primary" onClick={link}>
              <Trans>Link an account</Trans>
            </button>
          )}
        </div>
      </div>
      <ConnectResult onLinked={reload} />
      <p className="muted">
        <Plural
          value={perNetwork}
          one="The team may link # account on each network."
          other="The team may link # accounts on each network."
        />
      </p>
      <WhenLoaded
        state={accounts}
        onRetry={reload}
        empty={<Trans>No account is linked to the team yet.</Trans>}
      >
        {(list) => (
          <DataTable
            caption={t`The team's linked accounts`}
            columns={[t`Network`, t`Account`, t`Linked`, t`Contests`, t`Actions`]}
          >
            {list.map((a) => {
              const name = a.name;
              const requested = formatDate(i18n, a.meta.reconnect_requested_at, true);
              return (
                <tr key={a._id} data-account={a._id}>
                  <td>
                    <ProviderMark provider={a.provider} withName />
                  </td>
                  <td>
                    <span className="team-person">
                      <Avatar src={a.profile_picture} alt="" size={28} />
                      <span>
                        <strong>{name}</strong>{" "}
                        {a.url ? (
                          <a href={a.url} target="_blank" rel="noreferrer noopener" dir="ltr">
                            @{a.screen_name}
                          </a>
                        ) : (
                          <span className="muted" dir="ltr">
                            @{a.screen_name}
                          </span>
                        )}
                      </span>
                    </span>
                    <span className="team-labels">
                      {a.sandbox ? (
                        <span className="team-label team-label-sandbox">
                          <Trans>Sandbox</Trans>
                        </span>
                      ) : (
                        <span className="team-label team-label-live">
                          <Trans>Live account</Trans>
                        </span>
                      )}
                      {a.meta.login_variant === "via_facebook_page" && (
                        <span className="team-label">
                          <Trans>Through a Facebook Page</Trans>
                        </span>
                      )}
                      {a.disabled && (
                        <span className="team-label team-label-warning">
                          <Trans>Needs reconnecting</Trans>
                        </span>
                      )}
                      {requested && (
                        <span className="muted team-small">
                          <Trans>Reconnect asked on {requested}</Trans>
                        </span>
                      )}
                    </span>
                  </td>
                  <td>{formatDate(i18n, a.linked_at)}</td>
                  <td>{i18n.number(a.nb_contests)}</td>
                  <td>
                    <div className="team-row-actions">
                      {can.update && (
                        <button
                          type="button"
                          className="button small"
                          onClick={() => void refresh(a)}
                          disabled={refreshing !== null}
                          aria-busy={refreshing === a._id}
                          aria-label={t`Refresh ${name}`}
                        >
                          {refreshing === a._id ? <Trans>Refreshing…</Trans> : <Trans>Refresh</Trans>}
                        </button>
                      )}
                      {can.reconnect && (
                        <button
                          type="button"
                          className="button small"
                          aria-label={t`Request reconnect: ${name}`}
                          onClick={() =>
                            dialogs.open((close) => (
                              <RequestReconnectDialog
                                account={a}
                                onClose={close}
                                onRequested={() => {
                                  notify.success(t`A reconnection of ${name} was asked for.`);
                                  reload();
                                }}
                              />
                            ))
                          }
                        >
                          <Trans>Request reconnect</Trans>
                        </button>
                      )}
                      {can.unlink && (
                        <button
                          type="button"
                          className="button small team-danger-text"
                          aria-label={t`Unlink ${name}`}
                          onClick={() =>
                            dialogs.open((close) => (
                              <UnlinkAccountDialog
                                account={a}
                                onClose={close}
                                onUnlinked={(gone) =>
                                  update((list) => list.filter((x) => x._id !== gone._id))
                                }
                              />
                            ))
                          }
                        >
                          <Trans>Unlink</Trans>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </WhenLoaded>
    </div>
  );
}
