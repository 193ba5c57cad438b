/**
 * Signing in and registering (decisions.md "Sign-in"): an e-mail address, then the 6-digit code mailed to it.
 * Registration asks a name too (POST /auth/verify with name). Signing in with an address nobody uses yet asks for
 * the name on the spot, since the code already proves the address. Too many tries (429) says so plainly, and
 * `?next=` brings the person back to where they were going (an invite, a contest).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { api, refreshCsrf, unwrap } from "../../api/client";
import { ApiError } from "../../api/errors";
import { LanguageSelect } from "../../components/LanguageSelect";
import { activateLocale } from "../../i18n/activate";
import { LOCALE_COOKIE } from "../../i18n/locales";
import { hasSeen } from "../../session/seen";
import { asUser, useSession } from "../../session/session";
import { CodeInput } from "../../widgets/CodeInput";
import "./auth.css";
import { Logo } from "../../components/Logo";
import { NetworkSignInButtons, useSignInNetworks, useSignInProblem } from "./network-sign-in";

export const SIGN_IN_CODE_LENGTH = 6;
const DIGIT = /[0-9]/;

/** Pages a `next` may not send back to: they would loop or sign the person out again. */
const NOT_NEXT = ["/login", "/logout", "/registration"];

/** The `next` target when it is a path of this app (never another site: `//evil.test` or `https://…`). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  const path = next.split(/[?#]/)[0] ?? "";
  if (NOT_NEXT.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  return next;
}

function hasLocaleCookie(): boolean {
  return document.cookie.split(";").some((c) => c.trim().startsWith(`${LOCALE_COOKIE}=`));
}

/** A link to another sign-in page that keeps `?next=`. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** The frame of the public pages: the logo, the language choice, and one card holding the page's h1. */
export function AuthFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-page">
      <header className="auth-header">
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" className="auth-main">
        <div className="auth-card">
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

type Step = "email" | "code";
type Problem = { kind: "tooMany" | "other"; message: string } | null;

export function SignInFlow({ mode }: { mode: "login" | "register" }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const next = safeNext(params.get("next"));
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [name, setName] = useState("");
  const [needName, setNeedName] = useState(mode === "register");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<Problem>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const ids = { email: useId(), name: useId(), emailError: useId(), nameError: useId(), codeError: useId() };
  const networks = useSignInNetworks();
  const problemOf = useSignInProblem();
  // A failed network sign-in's reason, kept once read: the query is dropped so a reload does not say it again.
  const [failed] = useState(() =>
    params.get("signin") === "error"
      ? { reason: params.get("reason"), provider: params.get("provider") ?? "" }
      : null,
  );
  useEffect(() => {
    if (!failed) return;
    setParams(
      (p) => {
        for (const k of ["signin", "reason", "provider"]) p.delete(k);
        return p;
      },
      { replace: true },
    );
  }, [failed, setParams]);
  const networkProblem = failed
    ? problemOf(
        failed.reason,
        networks.find((n) => n.provider === failed.provider)?.display_name ?? failed.provider,
      )
    : null;
  const sending = useRef(false);

  const fail = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.fields).length > 0) {
        setFields({ email: err.field("email"), name: err.field("name"), code: err.field("code") });
        setProblem(null);
        return err;
      }
      setFields({});
      if (err instanceof ApiError && err.status === 429) {
        setProblem({ kind: "tooMany", message: err.message });
      } else if (err instanceof ApiError && err.status === 0) {
        setProblem({ kind: "other", message: t`The server could not be reached. Check your connection.` });
      } else {
        setProblem({ kind: "other", message: err instanceof Error ? err.message : String(err) });
      }
      return err;
    },
    [t],
  );

  const sendCode = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending.current) return;
    const missing: Record<string, string | undefined> = {};
    if (email.trim() === "") missing.email = t`Enter your e-mail address.`;
    if (mode === "register" && name.trim() === "") missing.name = t`Enter your name.`;
    if (missing.email || missing.name) {
      setFields(missing);
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    setFields({});
    try {
      await unwrap(api.auth.email.$post({ json: { email: email.trim() } }));
      setSentTo(email.trim());
      setCode("");
      setStep("code");
    } catch (err) {
      fail(err);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const verify = useCallback(
    async (withCode: string) => {
      if (sending.current) return;
      if (needName && name.trim() === "") {
        setFields({ name: t`Enter your name.` });
        return;
      }
      sending.current = true;
      setBusy(true);
      setProblem(null);
      try {
        const body = await unwrap(
          api.auth.verify.$post({
            json: { email: email.trim(), code: withCode, ...(needName ? { name: name.trim() } : {}) },
          }),
        );
        await refreshCsrf();
        const user = asUser(body);
        // A new device follows the language saved to the account, unless this browser already chose one.
        if (!hasLocaleCookie() && user.locale !== i18n.locale)
          await activateLocale(user.locale, { remember: true });
        // The tutorial starts a new account, once per person (registering again with a known address skips it).
        const tutorial = (mode === "register" || needName) && !hasSeen("tutorial", user._id);
        setTarget(next ?? (tutorial ? "/welcome" : "/"));
        session.setUser(user);
      } catch (err) {
        fail(err);
        if (err instanceof ApiError && err.status === 422 && err.field("name") && !err.field("code")) {
          // The code is right and nobody uses this address yet: ask the name, keep the code.
          setNeedName(true);
          setFields({});
        } else {
          setCode("");
        }
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [email, name, needName, next, mode, session, t, i18n, fail],
  );

  // A complete code is sent at once (a pasted code needs no extra click), unless a name must come first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly completed code triggers it, not every change of the other fields
  useEffect(() => {
    if (step === "code" && code.length === SIGN_IN_CODE_LENGTH && !(needName && name.trim() === "")) {
      void verify(code);
    }
  }, [code, step]);

  if (session.status === "ready") return <Navigate to={target ?? next ?? "/"} replace />;

  const nameField = needName && (
    <div className="field">
      <label htmlFor={ids.name}>
        <Trans>Your name</Trans>
      </label>
      <input
        id={ids.name}
        name="name"
        autoComplete="name"
        value={name}
        maxLength={100}
        required
        aria-invalid={fields.name ? true : undefined}
        aria-describedby={fields.name ? ids.nameError : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {fields.name && (
        <p id={ids.nameError} className="field-error">
          {fields.name}
        </p>
      )}
    </div>
  );

  return (
    <div className="sign-in" data-step={step}>
      {problem && (
        <div className="auth-problem" role="alert" data-problem={problem.kind}>
          {problem.kind === "tooMany" ? (
            <>
              <strong>
                <Trans>Too many attempts.</Trans>
              </strong>{" "}
              <Trans>For your safety, wait a little, then ask for a new code.</Trans>
              <p className="muted">{problem.message}</p>
            </>
          ) : (
            problem.message
          )}
        </div>
      )}

      {networkProblem && !problem && (
        <div className="auth-problem" role="alert" data-problem="network-sign-in">
          {networkProblem}
        </div>
      )}

      {step === "email" ? (
        <form onSubmit={sendCode} noValidate>
          {mode === "register" && nameField}
          <div className="field">
            <label htmlFor={ids.email}>
              <Trans>E-mail address</Trans>
            </label>
            <input
              id={ids.email}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              required
              aria-invalid={fields.email ? true : undefined}
              aria-describedby={fields.email ? ids.emailError : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            {fields.email && (
              <p id={ids.emailError} className="field-error">
                {fields.email}
              </p>
            )}
          </div>
          <p className="muted">
            <Trans>We will e-mail you a 6-digit code. No password needed.</Trans>
          </p>
          <button type="submit" className="button primary" disabled={busy} data-action="send-code">
            {busy ? <Trans>Sending…</Trans> : <Trans>Get a code</Trans>}
          </button>
          <NetworkSignInButtons networks={networks} next={next} />
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (code.length === SIGN_IN_CODE_LENGTH) void verify(code);
            else setFields({ code: t`Enter the 6 digits of the code.` });
          }}
          noValidate
        >
          <p role="status">
            <Trans>We sent a code to {sentTo}. It is valid for 10 minutes.</Trans>
          </p>
          {needName && mode === "login" && (
            <p className="auth-notice">
              <Trans>No account uses this address yet. Give your name to create one.</Trans>
            </p>
          )}
          {mode === "login" && nameField}
          <div aria-describedby={fields.code ? ids.codeError : undefined}>
            <CodeInput
              value={code}
              onChange={(v) => {
                setCode(v);
                if (fields.code) setFields({});
              }}
              length={SIGN_IN_CODE_LENGTH}
              pattern={DIGIT}
              label={t`The 6-digit code`}
              disabled={busy}
              invalid={!!fields.code}
              autoFocus
            />
          </div>
          {fields.code && (
            <p id={ids.codeError} className="field-error" role="alert">
              {fields.code}
            </p>
          )}
          <div className="auth-actions">
            <button type="submit" className="button primary" disabled={busy} data-action="verify">
              {busy ? (
                <Trans>Checking…</Trans>
              ) : mode === "register" || needName ? (
                <Trans>Create my account</Trans>
              ) : (
                <Trans>Sign in</Trans>
              )}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void sendCode()}>
              <Trans>Send a new code</Trans>
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => {
                setStep("email");
                setProblem(null);
                setFields({});
                setCode("");
              }}
            >
              <Trans>Use another address</Trans>
            </button>
          </div>
        </form>
      )}

      <p className="auth-switch">
        {mode === "login" ? (
          <Trans>
            New to Fairdraw? <Link to={withNext("/registration", next)}>Create an account</Link>
          </Trans>
        ) : (
          <Trans>
            Already have an account? <Link to={withNext("/login", next)}>Sign in</Link>
          </Trans>
        )}
      </p>
    </div>
  );
}
