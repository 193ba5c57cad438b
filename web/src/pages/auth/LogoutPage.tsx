// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function LogoutPage() {
  usePageTitle("Sign out");
  return <h1>Sign out</h1>;
}
