// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function CheckPage() {
  usePageTitle("Check a contest");
  return <h1>Check a contest</h1>;
}
