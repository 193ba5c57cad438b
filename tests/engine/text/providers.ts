/**
 * The provider definitions of schemas/providers/ (their handle rules), read the way the server's catalogue reads
 * them, for the handle and account-list tests.
 */
import type { ProviderDefinition } from "../../../codegen/types";
import { loadSchemaSet } from "../../../engine/node/load-schemas";
import type { HandleProvider } from "../../../engine/text/handle";

export const DEFINITIONS: ReadonlyMap<string, ProviderDefinition> = new Map(
  [...loadSchemaSet().providers].map(([name, file]) => [name, file.data as unknown as ProviderDefinition]),
);

export function definition(name: string): HandleProvider {
  const found = DEFINITIONS.get(name);
  if (!found?.handle) throw new Error(`schemas/providers/${name}.json has no handle rule`);
  return found;
}

/** Every network that has a handle rule (the builder's networks), as the contest-wide list takes them. */
export const HANDLE_NETWORKS: readonly HandleProvider[] = [...DEFINITIONS.values()].filter(
  (p) => p.handle !== undefined,
);
