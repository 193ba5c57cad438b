// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function TeamShortlinksPage() {
  usePageTitle("Shortlinks");
  return <h1>Shortlinks</h1>;
}
