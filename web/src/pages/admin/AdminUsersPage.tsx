// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function AdminUsersPage() {
  usePageTitle("Admin users");
  return <h1>Admin users</h1>;
}
