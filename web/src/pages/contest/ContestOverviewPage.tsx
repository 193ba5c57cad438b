// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function ContestOverviewPage() {
  usePageTitle("Contest");
  return <h1>Contest</h1>;
}
