// Placeholder: this page is being built (issue 6). Route modules export their page as default (lazy chunks).
import { usePageTitle } from "../../usePageTitle";

export default function TeamSubscriptionPage() {
  usePageTitle("Subscription");
  return <h1>Subscription</h1>;
}
