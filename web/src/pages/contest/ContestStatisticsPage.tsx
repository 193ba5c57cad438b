// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function ContestStatisticsPage() {
  usePageTitle("Statistics");
  return <h1>Statistics</h1>;
}
