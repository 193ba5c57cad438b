/**
 * The sealed credentials of real accounts, on their row (accounts.meta.credentials, never answered: publicMeta in
 * ./accounts.ts keeps only login_variant and reconnect_requested_at), and what happens when a network refuses
 * them: the account gets the reconnect state (disabled, reconnect_requested_at) and its owner the
 * accountReconnectRequested notification (the member who linked it or lent it; the team when nobody is).
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { jsonRemove, jsonSet } from "../db/json-sql";
import { first } from "../db/query";
import { accounts, contests, teams, uploads } from "../db/tables";
import type { LoadCheckpoint, MediaReader, ProgressStore } from "../drivers/bluesky/driver";
import type { CredentialStore } from "../drivers/bluesky/session";
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
      await deps.db
        .update(accounts)
        .set({ disabled: true, meta: { ...row.meta, credentials: "", reconnect_requested_at: now } })
        .where(eq(accounts.id, row.id));
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
