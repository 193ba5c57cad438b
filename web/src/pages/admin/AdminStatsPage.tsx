// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function AdminStatsPage() {
  usePageTitle("Admin statistics");
  return <h1>Admin statistics</h1>;
}
