// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function MyActivityPage() {
  usePageTitle("My activity");
  return <h1>My activity</h1>;
}
