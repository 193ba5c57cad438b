// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function CreatePage() {
  usePageTitle("Create a contest");
  return <h1>Create a contest</h1>;
}
