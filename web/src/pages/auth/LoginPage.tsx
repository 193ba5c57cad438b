/** /login (app-shell.md §2, decisions.md "Sign-in"): e-mail, then the 6-digit code; `?next=` after sign-in. */
import { useLingui } from "@lingui/react/macro";
import { usePageTitle } from "../../usePageTitle";
import { AuthFrame, SignInFlow } from "./sign-in";

export default function LoginPage() {
  const { t } = useLingui();
  usePageTitle(t`Sign in`);
  return (
    <AuthFrame title={t`Sign in to Fairdraw`}>
      <SignInFlow mode="login" />
    </AuthFrame>
  );
}
