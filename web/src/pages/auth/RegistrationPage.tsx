// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function RegistrationPage() {
  usePageTitle("Create an account");
  return <h1>Create an account</h1>;
}
