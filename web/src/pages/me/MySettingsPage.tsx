/**
 * /me/settings: the person's name (POST /users/me {name}), e-mail address (a code sent to the new address confirms
 * it: POST {email} answers 202 {confirm_email, email}, then the confirm-email dialog sends {email, confirm_code}),
 * interface language (saved to the account), signing out everywhere (/logout?everywhere=1) and, at the end, deleting the account. `?contact=1` (the 402 page's
 * "contact us") opens the contact dialog. The API keeps no profile picture upload: the picture is shown only.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api, unwrap } from "../../api/client";
import { ApiError } from "../../api/errors";
import { LanguageSelect } from "../../components/LanguageSelect";
import { ConfirmEmailDialog } from "../../dialogs/ConfirmEmailDialog";
import { ContactDialog } from "../../dialogs/ContactDialog";
import { DeleteAccountDialog } from "../../dialogs/DeleteAccountDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { notify } from "../../feedback/Toasts";
import { asUser, useSession, useUser } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { usePageTitle } from "../../usePageTitle";
import { Avatar } from "../../widgets/Avatar";
import "./me.css";
import { SignInMethods } from "./SignInMethods";

type Saving = { busy: boolean; error: string | undefined };
const IDLE: Saving = { busy: false, error: undefined };

/** The answer of POST /users/me asking for an e-mail confirmation (202), rather than the updated user. */
export function asksConfirmation(body: unknown): body is { confirm_email: true; email: string } {
  return (
    typeof body === "object" && body !== null && (body as { confirm_email?: unknown }).confirm_email === true
  );
}

function NameForm() {
  const { t } = useLingui();
  const user = useUser();
  const session = useSession();
  const onError = useErrorHandler();
  const [name, setName] = useState(user.name);
  const [state, setState] = useState<Saving>(IDLE);
  const id = useId();
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (value === "") {
      setState({ ...IDLE, error: t`Enter your name.` });
      return;
    }
    setState({ ...IDLE, busy: true });
    try {
      session.setUser(asUser(await unwrap(api.users.me.$post({ json: { name: value } }))));
      setState(IDLE);
      notify.success(t`Saved.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setState({ ...IDLE, error: err.field("name") ?? err.message });
      else {
        setState(IDLE);
        onError(err);
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate className="me-form">
      <div className="field">
        <label htmlFor={id}>
          <Trans>Name</Trans>
        </label>
        <input
          id={id}
          value={name}
          autoComplete="name"
          maxLength={100}
          required
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setState(IDLE);
          }}
        />
        {state.error && (
          <p id={errorId} className="field-error">
            {state.error}
          </p>
        )}
      </div>
      <div className="me-form-actions">
        <button type="submit" className="button primary" disabled={state.busy || name.trim() === user.name}>
          {state.busy ? <Trans>Saving…</Trans> : <Trans>Save the name</Trans>}
        </button>
      </div>
    </form>
  );
}

function EmailForm() {
  const { t } = useLingui();
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const [email, setEmail] = useState(user.email);
  const [state, setState] = useState<Saving>(IDLE);
  const id = useId();
  const errorId = useId();
  const hintId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (value === "") {
      setState({ ...IDLE, error: t`Enter your e-mail address.` });
      return;
    }
    setState({ ...IDLE, busy: true });
    try {
      const answer = await unwrap(api.users.me.$post({ json: { email: value } }));
      setState(IDLE);
      if (!asksConfirmation(answer)) {
        session.setUser(asUser(answer));
        return;
      }
      const pending = answer.email;
      dialogs.open((close) => (
        <ConfirmEmailDialog
          email={pending}
          onClose={close}
          onConfirmed={(updated) => {
            session.setUser(updated);
            setEmail(updated.email);
            close();
            notify.success(t`Your address is now ${updated.email}`);
          }}
        />
      ));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setState({ ...IDLE, error: err.field("email") ?? err.message });
      } else if (err instanceof ApiError && err.status === 429) {
        setState({ ...IDLE, error: err.message });
      } else {
        setState(IDLE);
        onError(err);
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate className="me-form">
      <div className="field">
        <label htmlFor={id}>
          <Trans>E-mail address</Trans>
        </label>
        <input
          id={id}
          type="email"
          value={email}
          autoComplete="email"
          required
          aria-invalid={state.error ? true : undefined}
          aria-describedby={`${hintId}${state.error ? ` ${errorId}` : ""}`}
          onChange={(e) => {
            setEmail(e.target.value);
            setState(IDLE);
          }}
        />
        <p id={hintId} className="muted">
          <Trans>We send a code to the new address to confirm it; the old one stays until then.</Trans>
        </p>
        {state.error && (
          <p id={errorId} className="field-error">
            {state.error}
          </p>
        )}
      </div>
      <div className="me-form-actions">
        <button
          type="submit"
          className="button primary"
          disabled={state.busy || email.trim().toLowerCase() === user.email.toLowerCase()}
        >
          {state.busy ? <Trans>Sending…</Trans> : <Trans>Change the address</Trans>}
        </button>
      </div>
    </form>
  );
}

export default function MySettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Settings`);
  const user = useUser();
  const dialogs = useDialogs();
  const [params, setParams] = useSearchParams();
  const wantsContact = params.get("contact") === "1";
  const contactOpened = useRef(false);

  useEffect(() => {
    if (!wantsContact || contactOpened.current) return;
    contactOpened.current = true;
    dialogs.open((close) => <ContactDialog onClose={close} />);
    setParams(
      (p) => {
        p.delete("contact");
        return p;
      },
      { replace: true },
    );
  }, [wantsContact, dialogs, setParams]);

  return (
    <div className="me-page">
      <h1>
        <Trans>Settings</Trans>
      </h1>

      <section aria-labelledby="profile-title" className="me-section">
        <h2 id="profile-title">
          <Trans>Profile</Trans>
        </h2>
        <div className="me-profile">
          <Avatar src={user.profile_picture} alt={t`Your profile picture`} size={64} />
          <NameForm />
        </div>
      </section>

      <section aria-labelledby="email-title" className="me-section">
        <h2 id="email-title">
          <Trans>E-mail address</Trans>
        </h2>
        <EmailForm />
      </section>

      <SignInMethods />

      <section aria-labelledby="language-title" className="me-section">
        <h2 id="language-title">
          <Trans>Language</Trans>
        </h2>
        <p className="muted">
          <Trans>The interface follows this choice on every device you sign in with.</Trans>
        </p>
        <LanguageSelect />
      </section>

      <section aria-labelledby="sessions-title" className="me-section">
        <h2 id="sessions-title">
          <Trans>Sessions</Trans>
        </h2>
        <p className="muted">
          <Trans>
            Signed in on a device you no longer have? Sign out everywhere: every browser signed in with your
            account is signed out, this one too.
          </Trans>
        </p>
        <Link to="/logout?everywhere=1" className="button">
          <Trans>Sign out everywhere</Trans>
        </Link>
      </section>

      <section aria-labelledby="danger-title" className="me-section me-danger">
        <h2 id="danger-title">
          <Trans>Delete my account</Trans>
        </h2>
        <p>
          <Trans>Deleting your account signs you out everywhere and removes you from every team.</Trans>
        </p>
        <button
          type="button"
          className="button danger"
          onClick={() => dialogs.open((close) => <DeleteAccountDialog onClose={close} />)}
        >
          <Trans>Delete my account…</Trans>
        </button>
      </section>
    </div>
  );
}
