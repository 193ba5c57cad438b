/** /registration (decisions.md "Sign-in"): a name and an e-mail address, then the code; new accounts start with the tutorial. */
import { useLingui } from "@lingui/react/macro";
import { usePageTitle } from "../../usePageTitle";
import { AuthFrame, SignInFlow } from "./sign-in";

export default function RegistrationPage() {
  const { t } = useLingui();
  usePageTitle(t`Create an account`);
  return (
    <AuthFrame title={t`Create your Fairdraw account`}>
      <SignInFlow mode="register" />
    </AuthFrame>
  );
}
