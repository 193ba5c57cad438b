/**
 * /invite/:key (app-shell.md §2, §3 "Invite"): GET /invites/:key says who invites to which team, and for what (join
 * the team, or link one of your accounts to it). Signed in, the person accepts (POST /invites/:key/accept);
 * otherwise they sign in or register first and come back here (`?next=`). Without a key, a field takes a pasted
 * invite link.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { ApiError } from "../../api/errors";
import { ConnectBlueskyForm } from "../../dialogs/ConnectBlueskyForm";
import { asUser, useSession } from "../../session/session";
import { ConnectResult } from "../../team/ConnectResult";
import { inviteConnectUrl, useConnectable } from "../../team/connect";
import { usePageTitle } from "../../usePageTitle";
import { Countdown } from "../../widgets/Countdown";
import { AuthFrame, withNext } from "./sign-in";

const getInvite = (key: string) => unwrap(api.invites[":key"].$get({ param: { key } }));
type Invite = Awaited<ReturnType<typeof getInvite>>;

const providerFiles = import.meta.glob<{ default: { name: string; display_name: string } }>(
  "../../../../schemas/providers/*.json",
  { eager: true },
);
const PROVIDER_NAMES = new Map(
  Object.values(providerFiles).map((f) => [f.default.name, f.default.display_name] as const),
);

/** The key of a pasted invite: a whole link (…/invite/KEY) or the key alone. */
export function inviteKeyOf(text: string): string {
  const trimmed = text.trim();
  const fromLink = /\/invite\/([^/?#\s]+)/.exec(trimmed)?.[1];
  return decodeURIComponent(fromLink ?? trimmed).trim();
}

function KeyForm() {
  const { t } = useLingui();
  usePageTitle(t`Invitation`);
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = inviteKeyOf(value);
    if (key) void navigate(`/invite/${encodeURIComponent(key)}`);
  };
  return (
    <AuthFrame title={t`Open an invitation`}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={id}>
            <Trans>Invitation link or key</Trans>
          </label>
          <input id={id} value={value} onChange={(e) => setValue(e.target.value)} required />
        </div>
        <button type="submit" className="button primary">
          <Trans>Open the invitation</Trans>
        </button>
      </form>
    </AuthFrame>
  );
}

type Load =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "failed"; message: string }
  | { state: "ready"; invite: Invite };

type Accepted = { type: "add_member" } | { type: "link_account"; account: string };

export default function InvitePage() {
  const { key } = useParams();
  if (!key) return <KeyForm />;
  return <InviteView inviteKey={key} />;
}

function InviteView({ inviteKey }: { inviteKey: string }) {
  const { t } = useLingui();
  usePageTitle(t`Invitation`);
  const session = useSession();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const connectable = useConnectable();

  const fetchInvite = useCallback(async () => {
    setLoad({ state: "loading" });
    try {
      const invite = await getInvite(inviteKey);
      setLoad({ state: "ready", invite });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setLoad({ state: "missing" });
      else setLoad({ state: "failed", message: err instanceof Error ? err.message : String(err) });
    }
  }, [inviteKey]);

  useEffect(() => {
    void fetchInvite();
  }, [fetchInvite]);

  type Answer = Awaited<ReturnType<typeof acceptInvite>>;
  // The accept route reads its optional body itself (a real account's sign-in), so the typed client has no json
  // argument for it: the client sends `json` as the body all the same.
  const acceptInvite = (signIn?: { identifier: string; app_password: string }) => {
    const args = { param: { key: inviteKey }, ...(signIn ? { json: signIn } : {}) };
    return unwrap(api.invites[":key"].accept.$post(args as { param: { key: string } }));
  };
  const onAccepted = (result: Answer) => {
    if (result.type === "add_member") {
      session.setUser(asUser(result.user));
      setAccepted({ type: "add_member" });
    } else {
      setAccepted({ type: "link_account", account: result.delegation.name });
    }
  };

  const accept = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onAccepted(await acceptInvite());
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      if (err instanceof ApiError && err.key === "inviteNotActive") void fetchInvite();
    } finally {
      setBusy(false);
    }
  };

  const here = `/invite/${encodeURIComponent(inviteKey)}`;

  if (load.state === "loading" || session.status === "loading") {
    return (
      <AuthFrame title={t`Invitation`}>
        <p role="status">
          <Trans>Loading the invitation…</Trans>
        </p>
      </AuthFrame>
    );
  }
  if (load.state === "missing") {
    return (
      <AuthFrame title={t`Invitation not found`}>
        <p>
          <Trans>This invitation does not exist. Check the link, or ask for a new invitation.</Trans>
        </p>
        <Link to="/" className="button">
          <Trans>Go to Fairdraw</Trans>
        </Link>
      </AuthFrame>
    );
  }
  if (load.state === "failed") {
    return (
      <AuthFrame title={t`Invitation`}>
        <div role="alert" className="auth-problem">
          {load.message}
        </div>
        <button type="button" className="button" onClick={() => void fetchInvite()}>
          <Trans>Try again</Trans>
        </button>
      </AuthFrame>
    );
  }

  const { invite } = load;
  const team = invite.team.name;
  const sender = invite.sender.name || t`A member of the team`;
  const provider = (invite.provider && PROVIDER_NAMES.get(invite.provider)) ?? invite.provider ?? "";

  if (accepted) {
    return (
      <AuthFrame title={t`Invitation accepted`}>
        <p role="status">
          {accepted.type === "add_member" ? (
            <Trans>You are now a member of {team}.</Trans>
          ) : (
            <Trans>
              Your account {accepted.account} is now lent to {team}.
            </Trans>
          )}
        </p>
        <div className="auth-actions">
          {accepted.type === "add_member" ? (
            <button type="button" className="button primary" onClick={() => void navigate("/")}>
              <Trans>Go to the dashboard</Trans>
            </button>
          ) : (
            <Link to="/me/delegation" className="button primary">
              <Trans>See my lent accounts</Trans>
            </Link>
          )}
        </div>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t`You are invited`}>
      <div className="invite-summary" data-invite-status={invite.status}>
        <p>
          {invite.type === "add_member" ? (
            <Trans>
              {sender} invites you to join the team <strong>{team}</strong> on Fairdraw.
            </Trans>
          ) : (
            <Trans>
              {sender} asks you to link your {provider} account to the team <strong>{team}</strong>, so it can
              run contests with it.
            </Trans>
          )}
        </p>
        {invite.status === "active" ? (
          <p>
            <Trans>This invitation expires in</Trans> <Countdown to={invite.expires_at} />
          </p>
        ) : (
          <p className="invite-state" role="status">
            {invite.status === "used" ? (
              <Trans>This invitation was already used.</Trans>
            ) : invite.status === "expired" ? (
              <Trans>This invitation has expired. Ask for a new one.</Trans>
            ) : (
              <Trans>This invitation was canceled.</Trans>
            )}
          </p>
        )}
        <ConnectResult />
        {problem && (
          <div role="alert" className="auth-problem">
            {problem}
          </div>
        )}
        {invite.status === "active" &&
          (session.status === "ready" && invite.type === "link_account" && invite.provider === "bluesky" ? (
            // A Bluesky invite connects the invitee's real account: handle and app password, as the link dialog.
            <>
              <ConnectBlueskyForm<Answer>
                provider="bluesky"
                busy={busy}
                setBusy={setBusy}
                connect={(identifier, appPassword) => acceptInvite({ identifier, app_password: appPassword })}
                onConnected={onAccepted}
              />
              <div className="auth-actions">
                <Link to="/" className="button">
                  <Trans>Not now</Trans>
                </Link>
              </div>
            </>
          ) : session.status === "ready" &&
            invite.type === "link_account" &&
            connectable.includes(invite.provider ?? "") ? (
            // A network linked by OAuth: the invitee signs in there (a full-page navigation) and comes back here.
            <div className="auth-actions">
              <a className="button primary" href={inviteConnectUrl(inviteKey)} data-connect={invite.provider}>
                <Trans>Connect my {provider} account</Trans>
              </a>
              <Link to="/" className="button">
                <Trans>Not now</Trans>
              </Link>
            </div>
          ) : session.status === "ready" ? (
            <div className="auth-actions">
              <button
                type="button"
                className="button primary"
                disabled={busy}
                onClick={() => void accept()}
                data-action="accept"
              >
                {busy ? (
                  <Trans>Accepting…</Trans>
                ) : invite.type === "add_member" ? (
                  <Trans>Join {team}</Trans>
                ) : (
                  <Trans>Link my {provider} account</Trans>
                )}
              </button>
              <Link to="/" className="button">
                <Trans>Not now</Trans>
              </Link>
            </div>
          ) : (
            <>
              <p>
                <Trans>Sign in or create an account to accept. You will come back here.</Trans>
              </p>
              <div className="auth-actions">
                <Link to={withNext("/login", here)} className="button primary">
                  <Trans>Sign in</Trans>
                </Link>
                <Link to={withNext("/registration", here)} className="button">
                  <Trans>Create an account</Trans>
                </Link>
              </div>
            </>
          ))}
      </div>
    </AuthFrame>
  );
}
