/**
 * Whether this browser may hold a session: the server sets a readable `fd_signed_in` cookie beside the httpOnly
 * session cookie and clears both together (api/auth/cookies.ts). Without it the visitor is signed out for sure, and
 * the app does not ask GET /users/me only to be refused (a 401 in the console of every public page). With it, the
 * session may still have ended on the server: that 401 clears the cookie here.
 */
export const SIGNED_IN_COOKIE = "fd_signed_in";

export function mayBeSignedIn(cookies = document.cookie): boolean {
  return cookies.split(/;\s*/).some((pair) => pair.startsWith(`${SIGNED_IN_COOKIE}=`));
}

/** The session is gone (the server refused it): the next visit starts signed out. */
export function forgetSignedIn(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain value; the Cookie Store API is not in every browser we support
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
