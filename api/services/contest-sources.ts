/**
 * A contest's sources as the lifecycle reads them: the stored source (its _id, network, post, account), the
 * builder form's source at the same place (what to publish, the actions and filters; none for a quick import),
 * the network's definition, its driver and the team account that publishes.
 */
import { and, eq } from "drizzle-orm";
import { getIn, isPlainObject } from "../../engine/values";
import type { Catalog, ProviderDefinition } from "../catalog";
import type { Db } from "../db/client";
import { accounts, type contests } from "../db/schema";
import { driverFor } from "../drivers";
import type { NetworkDriver, StoredAccount } from "../drivers/types";
import type { Env } from "../env";
import { storedAccount } from "./accounts";
import type { StoredSource } from "./contests";

type ContestRow = typeof contests.$inferSelect;

export type ContestSource = {
  index: number;
  stored: StoredSource;
  /** The builder form's source at the same place and of the same network; null for a quick import. */
  form: Record<string, unknown> | null;
  provider: ProviderDefinition | undefined;
  driver: NetworkDriver | null;
  /** The publishing account (the team's), when it is still there. */
  account: StoredAccount | null;
};

function storedSourcesOf(row: Pick<ContestRow, "sources">): StoredSource[] {
  return (Array.isArray(row.sources) ? row.sources : []).filter(isPlainObject) as unknown as StoredSource[];
}

/** The builder form's sources (cb_data.sources). */
export function formSourcesOf(row: Pick<ContestRow, "cbData">): Record<string, unknown>[] {
  const sources = getIn(row.cbData, ["sources"]);
  return Array.isArray(sources) ? sources.filter(isPlainObject) : [];
}

/** The builder form's base group, when the contest has a form. */
export function formBaseOf(row: Pick<ContestRow, "cbData">): Record<string, unknown> | undefined {
  const base = getIn(row.cbData, ["base"]);
  return isPlainObject(base) ? base : undefined;
}

export function contestSources(
  deps: { db: Pick<Db, "select">; catalog: Catalog; env: Env },
  row: Pick<ContestRow, "sources" | "cbData" | "teamId">,
): ContestSource[] {
  const forms = formSourcesOf(row);
  return storedSourcesOf(row).map((stored, index) => {
    const form = forms[index];
    const provider = deps.catalog.providers.get(stored.provider);
    const accountId = stored.account?._id;
    const account = accountId
      ? deps.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.id, accountId), eq(accounts.disabled, false)))
          .get()
      : undefined;
    return {
      index,
      stored,
      form: form && form.type === stored.provider ? form : null,
      provider,
      driver: provider ? driverFor(provider, deps.env) : null,
      account: account ? storedAccount(account) : null,
    };
  });
}

/** A setting of the form's source ("closing_publication", ...) as an object; undefined when missing. */
export function formPart(source: ContestSource, ...path: string[]): Record<string, unknown> | undefined {
  const part = getIn(source.form, path);
  return isPlainObject(part) ? part : undefined;
}

/** The upload ids of a media slot ({ files: [{ uuid }] }). */
export function mediaIds(media: unknown): string[] {
  const files = getIn(media, ["files"]);
  if (!Array.isArray(files)) return [];
  return files.flatMap((f) => (isPlainObject(f) && typeof f.uuid === "string" ? [f.uuid] : []));
}
