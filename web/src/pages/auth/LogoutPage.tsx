/**
 * /logout: ends the session (POST /auth/logout, once the session is loaded: the call needs its CSRF token), forgets the user and the CSRF token, then goes to /login. A call
 * that fails (already signed out, server unreachable) still leaves the person signed out on this side.
 * /logout?everywhere=1 (from /me/settings) ends every session of the person instead (POST /auth/logout_everywhere).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api, clearCsrf, unwrap } from "../../api/client";
import { useSession } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";
import { AuthFrame } from "./sign-in";

export default function LogoutPage() {
  const { t } = useLingui();
  usePageTitle(t`Sign out`);
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  const { setUser, status } = session;
  const [params] = useSearchParams();
  const everywhere = params.get("everywhere") === "1";

  useEffect(() => {
    // The call needs the session's CSRF token, which the session has once it is loaded.
    if (started.current || status === "loading") return;
    started.current = true;
    void (async () => {
      try {
        if (status === "ready") {
          await unwrap(everywhere ? api.auth.logout_everywhere.$post() : api.auth.logout.$post());
        }
      } catch {
        // Signed out already, or unreachable: this tab forgets the session either way.
      }
      clearCsrf();
      setUser(null);
      void navigate("/login", { replace: true });
    })();
  }, [navigate, setUser, status, everywhere]);

  return (
    <AuthFrame title={t`Signing out`}>
      <p role="status">
        <Trans>Signing you out…</Trans>
      </p>
    </AuthFrame>
  );
}
