/**
 * The sealed credentials of real accounts, on their row (accounts.meta.credentials, never answered: publicMeta in
 * ./accounts.ts keeps only login_variant and reconnect_requested_at), and what happens when a network refuses
 * them: the account gets the reconnect state (disabled, reconnect_requested_at) and its owner the
 * accountReconnectRequested notification (the member who linked it or lent it; the team when nobody is).
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Deps } from "../context";
import { jsonRemove, jsonSet, jsonText } from "../db/json-sql";
import { first } from "../db/query";
import { accounts, contests, teams, uploads } from "../db/tables";
import type { LoadCheckpoint, ProgressStore } from "../drivers/bluesky/driver";
import type { CredentialStore } from "../drivers/bluesky/session";
import type { MediaReader } from "../drivers/shared/stores";
import type { TokenRow } from "../drivers/shared/tokens";
import type { StoredAccount } from "../drivers/types";
import { withoutNul } from "./network-text";
import { notify } from "./notifications";

type StoreDeps = Pick<Deps, "db" | "clock" | "realtime">;

async function rowOf(deps: StoreDeps, account: StoredAccount) {
  if (!account.id) return undefined;
  return first(deps.db.select().from(accounts).where(eq(accounts.id, account.id)));
}

/** `network`: the network's display name, named in the reconnect notification as who asked for it. */
export function credentialStore(deps: StoreDeps, network: string): CredentialStore {
  return {
    async read(account) {
      const sealed = (await rowOf(deps, account))?.meta?.credentials;
      return typeof sealed === "string" && sealed !== "" ? sealed : null;
    },
    async write(account, sealed) {
      const row = await rowOf(deps, account);
      if (!row) return;
      await deps.db
        .update(accounts)
        .set({ meta: { ...row.meta, credentials: sealed } })
        .where(eq(accounts.id, row.id));
    },
    async revoked(account) {
      const row = await rowOf(deps, account);
      if (!row || row.disabled) return;
      const now = deps.clock().toISOString();
      // Only the process that disables the row tells the owner (a refresh refused in two processes at once).
      const done = await deps.db
        .update(accounts)
        .set({
          disabled: true,
          meta: jsonSet(jsonSet(accounts.meta, ["credentials"], ""), ["reconnect_requested_at"], now),
        })
        .where(and(eq(accounts.id, row.id), eq(accounts.disabled, false)))
        .returning({ id: accounts.id });
      if (done.length === 0) return;
      const team = row.teamId
        ? await first(
            deps.db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, row.teamId)),
          )
        : undefined;
      const to = row.userId ? { userId: row.userId } : team ? { teamId: team.id } : null;
      if (!to) return;
      await notify(deps, to, {
        key: "accountReconnectRequested",
        data: {
          account: { name: row.name, screen_name: row.screenName, provider: row.provider },
          team: team ? { _id: team.id, name: team.name } : null,
          requested_by: { name: network },
        },
        link: row.teamId ? "/team/accounts" : "/me/delegation",
      });
    },
  };
}

/** The uploads a publication carries, read from the upload store (no alt text is kept for uploads yet). */
export function uploadMedia(deps: Pick<Deps, "db" | "uploads">): MediaReader {
  return {
    async read(id) {
      const row = await first(deps.db.select().from(uploads).where(eq(uploads.id, id)));
      if (!row) return null;
      try {
        const bytes = await deps.uploads.read(row.sha256);
        return bytes ? { bytes, mime: row.mime, alt: "" } : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * A load's progress, per source, in the contest's meta (`network_load.{source id}`), written and removed with
 * jsonSet / jsonRemove (api/db/json-sql.ts) so that nothing else of the meta is touched; never answered by the
 * API. What the network sent is stored without U+0000 (./network-text.ts).
 */
export function loadProgress(deps: Pick<Deps, "db">): ProgressStore {
  return {
    async load(contestId, sourceId) {
      const row = await first(
        deps.db.select({ meta: contests.meta }).from(contests).where(eq(contests.id, contestId)),
      );
      const all = row?.meta?.network_load as Record<string, LoadCheckpoint> | undefined;
      return all?.[sourceId] ?? null;
    },
    async save(contestId, sourceId, checkpoint) {
      await deps.db
        .update(contests)
        .set({ meta: jsonSet(contests.meta, ["network_load", sourceId], withoutNul(checkpoint)) })
        .where(eq(contests.id, contestId));
    },
    async clear(contestId, sourceId) {
      await deps.db
        .update(contests)
        .set({ meta: jsonRemove(contests.meta, ["network_load", sourceId]) })
        .where(eq(contests.id, contestId));
    },
  };
}

/**
 * An OAuth account's sealed tokens on its row (accounts.meta.credentials), with the refresh claim beside them
 * (accounts.meta.token_refresh_until, not a secret): both written by compare-and-set on the sealed text, so two
 * processes refreshing rotating tokens at once keep one valid refresh token (api/drivers/shared/tokens.ts). A
 * refresh also writes the new expiry in clear (accounts.meta.token_expires_at), what the scheduler's token job
 * looks for (api/scheduler/tokens.ts).
 */
export function oauthTokenRow(deps: StoreDeps, network: string): TokenRow {
  const store = credentialStore(deps, network);
  const sealedNow = jsonText(accounts.meta, ["credentials"]);
  const claimUntil = jsonText(accounts.meta, ["token_refresh_until"]);
  return {
    read: async (account) => store.read(account),
    async claim(account, sealed, until, now) {
      if (!account.id) return false;
      const done = await deps.db
        .update(accounts)
        .set({ meta: jsonSet(accounts.meta, ["token_refresh_until"], until) })
        .where(
          and(
            eq(accounts.id, account.id),
            eq(sealedNow, sealed),
            or(isNull(claimUntil), lt(claimUntil, now)),
          ),
        )
        .returning({ id: accounts.id });
      return done.length === 1;
    },
    async swap(account, from, to, expiresAt) {
      if (!account.id) return false;
      const written = jsonRemove(jsonSet(accounts.meta, ["credentials"], to), ["token_refresh_until"]);
      const done = await deps.db
        .update(accounts)
        .set({
          meta: expiresAt === undefined ? written : jsonSet(written, ["token_expires_at"], expiresAt),
        })
        .where(and(eq(accounts.id, account.id), eq(sealedNow, from)))
        .returning({ id: accounts.id });
      return done.length === 1;
    },
    revoked: async (account) => store.revoked(account),
  };
}
