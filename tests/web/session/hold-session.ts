/** A browser that holds a session, for one test: the signed-in cookie set now, cleared when the test finishes. */
import { onTestFinished } from "vitest";
import { forgetSignedIn, SIGNED_IN_COOKIE } from "../../../web/src/session/signed-in";

export function holdSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server sets beside the session's, as jsdom takes it
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
  onTestFinished(forgetSignedIn);
}
