// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function ContestDrawingPage() {
  usePageTitle("Drawing");
  return <h1>Drawing</h1>;
}
