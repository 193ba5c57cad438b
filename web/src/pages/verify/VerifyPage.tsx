// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function VerifyPage() {
  usePageTitle("Verify a draw");
  return <h1>Verify a draw</h1>;
}
