/**
 * A contest's sources as the lifecycle reads them: the stored source (its _id, network, post, account), the
 * builder form's source at the same place (what to publish, the actions and filters; none for a quick import),
 * the network's definition, its driver and the team account that publishes.
 *
 * The publishing account is looked up among the contest's team's accounts as they are now (its own and those
 * lent to it, api/services/accounts.ts teamAccounts), never by id alone: an account unlinked, or lent and then
 * withdrawn, no longer publishes for the team. It is the stored account (its row id) when the team still has
 * it, else the team's account of the form's publication.account_id (an account linked again gets a new row);
 * a disabled account publishes nothing.
 */
import { getIn, isPlainObject } from "../../engine/values";
import type { Catalog, ProviderDefinition } from "../catalog";
import type { contests } from "../db/tables";
import { type DriverDeps, driverFor, type Waiter } from "../drivers";
import type { NetworkDriver, StoredAccount } from "../drivers/types";
import { storedAccount, type TeamAccount, teamAccounts } from "./accounts";
import { publishingAccount, type StoredSource } from "./contests/form";

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
  /**
   * The account the entries are read with: the publishing account, else (a quick import) the team's first real
   * account of the network, so a real post's entries are read from the network; null: the sandbox reads them.
   */
  reader: StoredAccount | null;
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

export async function contestSources(
  deps: DriverDeps & { catalog: Catalog },
  row: Pick<ContestRow, "sources" | "cbData" | "teamId">,
  /** A person's request waits a few seconds at most on a rate limit (api/drivers PERSON_WAIT_MS). */
  waiter: Waiter = {},
): Promise<ContestSource[]> {
  const forms = formSourcesOf(row);
  const storedSources = storedSourcesOf(row);
  const team: TeamAccount[] = storedSources.length > 0 ? await teamAccounts(deps.db, row.teamId) : [];
  return storedSources.map((stored, index) => {
    const candidate = forms[index];
    const form = candidate && candidate.type === stored.provider ? candidate : null;
    const provider = deps.catalog.providers.get(stored.provider);
    const accountId = stored.account?._id;
    const found =
      (accountId ? team.find((a) => a.account.id === accountId) : undefined) ??
      (form ? publishingAccount(team, form) : undefined);
    const account =
      found && !found.account.disabled && found.account.provider === stored.provider ? found : null;
    const publisher = account ? storedAccount(account.account) : null;
    const realReader = publisher
      ? undefined
      : team.find((a) => a.account.provider === stored.provider && !a.account.sandbox && !a.account.disabled);
    const reader = publisher ?? (realReader ? storedAccount(realReader.account) : null);
    return {
      index,
      stored,
      form,
      provider,
      driver: provider ? driverFor(provider, deps, reader, waiter) : null,
      account: publisher,
      reader,
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
