// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function AdminContestsPage() {
  usePageTitle("Admin contests");
  return <h1>Admin contests</h1>;
}
