// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function TeamSettingsPage() {
  usePageTitle("Team settings");
  return <h1>Team settings</h1>;
}
