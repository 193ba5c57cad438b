/**
 * A Bluesky account's session, kept sealed on its row (accounts.meta.credentials, SecretBox): the handle or DID
 * and the app password it was linked with, and the last session tokens. An agent resumes the session (the client
 * refreshes an expired access token itself, com.atproto.server.refreshSession, and the new tokens are sealed
 * again); when the refresh token is gone too, it signs in again with the app password; when that is refused, the
 * password was revoked: the account is marked for reconnecting (CredentialStore.revoked) and
 * AccountNeedsReconnect is thrown. Neither the password nor a token is ever logged or answered.
 */
import type { AtpAgent, AtpSessionData } from "@atproto/api";
import { AccountNeedsReconnect, NetworkUnavailable, RateLimited } from "../errors";
import type { SecretBox } from "../shared/secrets";
import type { StoredAccount } from "../types";

export type BlueskyCredentials = {
  identifier: string;
  app_password: string;
  session: AtpSessionData | null;
};

/** Where a linked account's sealed credentials live (api/services/account-credentials.ts on the accounts table). */
export interface CredentialStore {
  read(account: StoredAccount): Promise<string | null> | string | null;
  write(account: StoredAccount, sealed: string): Promise<void> | void;
  /** The access is gone: the account gets the reconnect state and its owner is told. */
  revoked(account: StoredAccount): Promise<void> | void;
}

/** The error name an XRPC answer carries (AuthenticationRequired, ExpiredToken, NotFound, ...) and its message. */
export function xrpcError(err: unknown): { status: number; error: string; message: string } | null {
  if (typeof err !== "object" || err === null) return null;
  const { status, error, message } = err as { status?: unknown; error?: unknown; message?: unknown };
  if (typeof status !== "number") return null;
  return {
    status,
    error: typeof error === "string" ? error : "",
    message: typeof message === "string" ? message.slice(0, 300) : "",
  };
}

/** A refusal of the password or the session itself (not of one call). */
export function isAuthRefusal(err: unknown): boolean {
  const x = xrpcError(err);
  if (!x) return false;
  return (
    x.status === 401 ||
    [
      "AuthenticationRequired",
      "ExpiredToken",
      "InvalidToken",
      "AccountTakedown",
      "AccountDeactivated",
    ].includes(x.error)
  );
}

/** Rethrows what is data (our errors); wraps the rest as the network being unavailable. */
export function asDriverError(err: unknown, what: string): Error {
  if (err instanceof RateLimited || err instanceof AccountNeedsReconnect) return err;
  // The client wraps what its fetch threw (our RateLimited) in an XRPCError: the cause is what happened.
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof RateLimited) return cause;
  const x = xrpcError(err);
  // What the network answered, whole (status, error name, message): the log line is all there is to go on.
  if (x) return new NetworkUnavailable(`${what}: ${x.status} ${x.error}: ${x.message}`);
  return new NetworkUnavailable(`${what}: ${err instanceof Error ? err.message : String(err)}`);
}

export type AgentFactory = (persist?: (session: AtpSessionData | undefined) => void) => AtpAgent;

/** Signs in with a handle (or DID) and an app password: the session, or the refusal as thrown by the client. */
export async function signIn(makeAgent: AgentFactory, identifier: string, password: string) {
  const agent = makeAgent();
  await agent.login({ identifier, password });
  return agent;
}

/** An agent signed in as the account, its session kept sealed in the store. */
export async function agentFor(
  makeAgent: AgentFactory,
  box: SecretBox,
  store: CredentialStore,
  account: StoredAccount,
): Promise<AtpAgent> {
  const sealed = await store.read(account);
  const creds = sealed ? box.open<BlueskyCredentials>(sealed) : null;
  if (!creds) {
    await store.revoked(account);
    throw new AccountNeedsReconnect(`no readable credentials for bluesky account ${account.external_id}`);
  }
  // The agent hands a new session to a synchronous callback: the writes are chained, and the ones made while
  // signing in are awaited before the agent is returned. A later one (a refresh mid-call) that fails costs a
  // sign-in with the app password next time, nothing more.
  let written: Promise<void> = Promise.resolve();
  const save = (session: AtpSessionData | undefined) => {
    const sealedNow = box.seal({ ...creds, session: session ?? null } satisfies BlueskyCredentials);
    written = written.then(() => store.write(account, sealedNow)).catch(() => undefined);
  };
  if (creds.session) {
    const agent = makeAgent((session) => {
      if (session) save(session);
    });
    try {
      await agent.resumeSession(creds.session);
      await written;
      return agent;
    } catch (err) {
      if (!isAuthRefusal(err)) throw asDriverError(err, "resumeSession");
      // The refresh token expired or was revoked: sign in again with the app password below.
    }
  }
  const agent = makeAgent((session) => {
    if (session) save(session);
  });
  try {
    await agent.login({ identifier: creds.identifier, password: creds.app_password });
  } catch (err) {
    if (isAuthRefusal(err)) {
      await store.revoked(account);
      throw new AccountNeedsReconnect(`bluesky refused the app password of ${account.external_id}`);
    }
    throw asDriverError(err, "createSession");
  }
  await written;
  return agent;
}
