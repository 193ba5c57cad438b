/**
 * /me/delegation: the accounts the person lent to teams through account invites (GET /users/me/delegations/list),
 * each removable from its team (the account stays theirs), and their own accounts behind those loans
 * (GET /users/me/accounts/list), each unlinkable (every team it was lent to loses it).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Account, DelegatedAccount } from "../../../../codegen/types";
import { api, unwrap } from "../../api/client";
import { DataTable } from "../../components/DataTable";
import { useDialogs } from "../../dialogs/DialogHost";
import { RemoveDelegationDialog } from "../../dialogs/RemoveDelegationDialog";
import { UnlinkUserAccountDialog } from "../../dialogs/UnlinkUserAccountDialog";
import { formatDate } from "../../team/format";
import { WhenLoaded } from "../../team/states";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";
import "./me.css";
import { ProviderMark } from "../../components/ProviderMark";

export async function fetchDelegations(): Promise<DelegatedAccount[]> {
  return (await unwrap(api.users.me.delegations.list.$get())).data as DelegatedAccount[];
}

export async function fetchMyAccounts(): Promise<Account[]> {
  return (await unwrap(api.users.me.accounts.list.$get())).data as Account[];
}

function AccountName({
  name,
  screenName,
  picture,
}: {
  name: string;
  screenName: string;
  picture: string | null;
}) {
  return (
    <span className="me-name">
      <Avatar src={picture} alt="" size={28} />
      <span>
        {name}
        {screenName && <span className="muted"> @{screenName}</span>}
      </span>
    </span>
  );
}

export default function MyDelegationPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Delegation`);
  const dialogs = useDialogs();
  const [delegations, delegationsCtl] = useLoad("delegations", fetchDelegations);
  const [accounts, accountsCtl] = useLoad("my-accounts", fetchMyAccounts);
  const reloadAll = () => {
    delegationsCtl.reload();
    accountsCtl.reload();
  };

  return (
    <div className="me-page">
      <h1>
        <Trans>Delegation</Trans>
      </h1>
      <p className="muted">
        <Trans>
          When a team invites you to link one of your accounts, you lend it to that team: it runs contests
          with it, and the account stays yours.
        </Trans>
      </p>

      <section aria-labelledby="lent-title" className="me-section">
        <h2 id="lent-title">
          <Trans>Accounts you lent to teams</Trans>
        </h2>
        <WhenLoaded
          state={delegations}
          onRetry={delegationsCtl.reload}
          empty={<Trans>You lend no account to a team.</Trans>}
        >
          {(list) => (
            <DataTable
              className="data me-table"
              columns={[t`Account`, t`Network`, t`Team`, t`Lent on`, t`Contests`, { hidden: t`Actions` }]}
            >
              {list.map((d) => {
                const account = d.name;
                const team = d.team.name;
                return (
                  <tr key={d.delegation_id} data-delegation={d.delegation_id}>
                    <th scope="row">
                      <AccountName name={d.name} screenName={d.screen_name} picture={d.profile_picture} />
                    </th>
                    <td>
                      <ProviderMark provider={d.provider} withName />
                    </td>
                    <td>{d.team.name}</td>
                    <td>{formatDate(i18n, d.delegated_at)}</td>
                    <td>{d.nb_contests}</td>
                    <td className="me-actions">
                      <button
                        type="button"
                        className="button small"
                        onClick={() =>
                          dialogs.open((close) => (
                            <RemoveDelegationDialog
                              delegation={d}
                              onClose={close}
                              onRemoved={delegationsCtl.reload}
                            />
                          ))
                        }
                      >
                        <Trans>
                          Remove{" "}
                          <span className="visually-hidden">
                            {account} from {team}
                          </span>
                        </Trans>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
        </WhenLoaded>
      </section>

      <section aria-labelledby="own-title" className="me-section">
        <h2 id="own-title">
          <Trans>Your accounts</Trans>
        </h2>
        <WhenLoaded
          state={accounts}
          onRetry={accountsCtl.reload}
          empty={<Trans>No account of yours is linked yet. Accept an account invitation to link one.</Trans>}
        >
          {(list) => (
            <DataTable
              className="data me-table"
              columns={[t`Account`, t`Network`, t`Linked on`, t`Contests`, { hidden: t`Actions` }]}
            >
              {list.map((a) => {
                const account = a.name;
                return (
                  <tr key={a._id} data-account={a._id}>
                    <th scope="row">
                      <AccountName name={a.name} screenName={a.screen_name} picture={a.profile_picture} />
                      <span className="me-badge">
                        {a.sandbox ? <Trans>Sandbox</Trans> : <Trans>Live account</Trans>}
                      </span>
                    </th>
                    <td>
                      <ProviderMark provider={a.provider} withName />
                    </td>
                    <td>{formatDate(i18n, a.linked_at)}</td>
                    <td>{a.nb_contests}</td>
                    <td className="me-actions">
                      <button
                        type="button"
                        className="button small"
                        onClick={() =>
                          dialogs.open((close) => (
                            <UnlinkUserAccountDialog account={a} onClose={close} onUnlinked={reloadAll} />
                          ))
                        }
                      >
                        <Trans>
                          Unlink <span className="visually-hidden">{account}</span>
                        </Trans>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
        </WhenLoaded>
      </section>
    </div>
  );
}
