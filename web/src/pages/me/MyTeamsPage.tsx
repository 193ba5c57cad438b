// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function MyTeamsPage() {
  usePageTitle("My teams");
  return <h1>My teams</h1>;
}
