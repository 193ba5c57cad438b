// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function DashboardPage() {
  usePageTitle("Dashboard");
  return <h1>Dashboard</h1>;
}
