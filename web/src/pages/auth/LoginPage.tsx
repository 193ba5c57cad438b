// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function LoginPage() {
  usePageTitle("Sign in");
  return <h1>Sign in</h1>;
}
