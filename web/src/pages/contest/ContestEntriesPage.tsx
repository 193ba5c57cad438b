// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function ContestEntriesPage() {
  usePageTitle("Entries");
  return <h1>Entries</h1>;
}
