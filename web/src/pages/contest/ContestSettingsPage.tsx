// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function ContestSettingsPage() {
  usePageTitle("Contest settings");
  return <h1>Contest settings</h1>;
}
