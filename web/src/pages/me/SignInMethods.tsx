/**
 * /me/settings, "Ways to sign in": the networks the person signs in with (GET /users/me/sign_in/list), each
 * removable (the e-mail code always stays), and a button to add each network this server offers that they do not use yet (a
 * full-page link to /api/v1/users/me/sign_in/connect/{provider}; the network's consent page, then back here with
 * `?signin=added` or `?signin=error&reason=…`, said once in the person's language).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { DataTable } from "../../components/DataTable";
import { useDialogs } from "../../dialogs/DialogHost";
import { RemoveSignInDialog } from "../../dialogs/RemoveSignInDialog";
import { formatDate } from "../../team/format";
import { WhenLoaded } from "../../team/states";
import { useLoad } from "../../team/useLoad";
import {
  NetworkMark,
  type SignInNetwork,
  useSignInNetworks,
  useSignInProblem,
} from "../auth/network-sign-in";

type Login = {
  _id: string;
  provider: string;
  name: string;
  screen_name: string | null;
  email: string | null;
  linked_at: string;
};

async function fetchLogins(): Promise<Login[]> {
  return (await unwrap(api.users.me.sign_in.list.$get())).data as Login[];
}

const fallback = (provider: string): SignInNetwork => ({
  provider,
  display_name: provider,
  color: "#52525b",
  icon: provider,
});

export function SignInMethods() {
  const { t, i18n } = useLingui();
  const dialogs = useDialogs();
  const networks = useSignInNetworks();
  const [logins, ctl] = useLoad("sign-in-logins", fetchLogins);
  const [params, setParams] = useSearchParams();
  const problemOf = useSignInProblem();
  const [said, setSaid] = useState<{ kind: "added" | "error"; text: string } | null>(null);
  const networkOf = (p: string) => networks.find((n) => n.provider === p) ?? fallback(p);
  // Offered: the configured networks the person does not sign in with yet.
  const linked = new Set(logins.status === "ready" ? logins.data.map((l) => l.provider) : []);
  const addable = logins.status === "ready" ? networks.filter((n) => !linked.has(n.provider)) : [];

  // The result of adding a network, said once; the query is dropped so a reload does not say it again.
  const outcome = params.get("signin");
  const provider = params.get("provider") ?? "";
  const reason = params.get("reason");
  const name = networks.find((n) => n.provider === provider)?.display_name;
  useEffect(() => {
    if (!outcome || !name) return;
    setSaid(
      outcome === "added"
        ? { kind: "added", text: t`You can now sign in with ${name}.` }
        : { kind: "error", text: problemOf(reason, name) ?? "" },
    );
    setParams(
      (p) => {
        for (const k of ["signin", "provider", "reason"]) p.delete(k);
        return p;
      },
      { replace: true },
    );
  }, [outcome, name, reason, t, problemOf, setParams]);

  return (
    <section aria-labelledby="sign-in-title" className="me-section">
      <h2 id="sign-in-title">
        <Trans>Ways to sign in</Trans>
      </h2>
      <p className="muted">
        <Trans>
          You can always sign in with a code sent to your e-mail address. Add a network to sign in with it in
          one click.
        </Trans>
      </p>
      {said && (
        <p
          className={said.kind === "added" ? "me-said" : "auth-problem"}
          role={said.kind === "added" ? "status" : "alert"}
        >
          {said.text}
        </p>
      )}
      <WhenLoaded
        state={logins}
        onRetry={ctl.reload}
        empty={<Trans>No network yet: you sign in with your e-mail code.</Trans>}
      >
        {(list) => (
          <DataTable
            className="data me-table"
            columns={[t`Network`, t`Account`, t`Added on`, { hidden: t`Actions` }]}
          >
            {list.map((l) => {
              const network = networkOf(l.provider);
              const networkName = network.display_name;
              return (
                <tr key={l._id} data-login={l.provider}>
                  <th scope="row">
                    <span className="me-name">
                      <NetworkMark network={network} />
                      <span>{networkName}</span>
                    </span>
                  </th>
                  <td>
                    {l.name}
                    {l.screen_name && <span className="muted"> @{l.screen_name}</span>}
                    {l.email && <div className="muted">{l.email}</div>}
                  </td>
                  <td>{formatDate(i18n, l.linked_at)}</td>
                  <td className="me-actions">
                    <button
                      type="button"
                      className="button small"
                      onClick={() =>
                        dialogs.open((close) => (
                          <RemoveSignInDialog
                            login={l}
                            networkName={networkName}
                            onClose={close}
                            onRemoved={ctl.reload}
                          />
                        ))
                      }
                    >
                      <Trans>
                        Remove <span className="visually-hidden">{networkName}</span>
                      </Trans>
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </WhenLoaded>
      {addable.length > 0 && (
        <ul className="me-add-sign-in">
          {addable.map((n) => {
            const networkName = n.display_name;
            return (
              <li key={n.provider}>
                <a
                  className="button small network-button"
                  href={`/api/v1/users/me/sign_in/connect/${n.provider}`}
                >
                  <NetworkMark network={n} />
                  <span>
                    <Trans>Add {networkName}</Trans>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
