// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../usePageTitle";

export default function LinkPage() {
  usePageTitle("Link an account");
  return <h1>Link an account</h1>;
}
