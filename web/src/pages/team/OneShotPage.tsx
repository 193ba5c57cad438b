// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function OneShotPage() {
  usePageTitle("One-shot contest");
  return <h1>One-shot contest</h1>;
}
