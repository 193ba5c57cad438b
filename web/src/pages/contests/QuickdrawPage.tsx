// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function QuickdrawPage() {
  usePageTitle("Quick draw");
  return <h1>Quick draw</h1>;
}
