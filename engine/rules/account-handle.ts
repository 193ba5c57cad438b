import { type HandleProvider, normalizeHandle } from "../text/handle";
import { isPlainObject } from "../values";
import type { RuleContext } from "./define";
import { defineRule } from "./define";

/**
 * The networks with a handle rule, by name, made once per builder config, not per account checked; and the
 * accounts already judged ("" for any network, else the network's name, then the text): the same lists are
 * checked on every pass while a person edits, and a handle's pattern (a domain name for bluesky) is not cheap.
 */
type Networks = {
  readonly known: Map<string, HandleProvider>;
  readonly every: HandleProvider[];
  readonly judged: Map<string, boolean>;
  /** The clearHandleJudgements call the judgements were made after. */
  era: number;
};
let era = 0;

/** Forgets the accounts judged (the benchmark's cold case). */
export function clearHandleJudgements(): void {
  era++;
}

const byProviders = new WeakMap<RuleContext["providers"], Networks>();
function networksOf(providers: RuleContext["providers"]): Networks {
  let networks = byProviders.get(providers);
  if (!networks) {
    const known = new Map<string, HandleProvider>();
    for (const [name, def] of Object.entries(providers))
      if (def.handle) known.set(name, { name, handle: def.handle });
    networks = { known, every: [...known.values()], judged: new Map(), era };
    byProviders.set(providers, networks);
  }
  return networks;
}

function judge(networks: Networks, network: HandleProvider | undefined, value: string): boolean {
  if (networks.era !== era) {
    networks.judged.clear();
    networks.era = era;
  }
  const key = `${network?.name ?? ""}\u0000${value}`;
  let valid = networks.judged.get(key);
  if (valid === undefined) {
    valid = network
      ? normalizeHandle(network, value) !== null
      : networks.every.some((p) => normalizeHandle(p, value) !== null);
    if (networks.judged.size > 1024) networks.judged.clear();
    networks.judged.set(key, valid);
  }
  return valid;
}

/**
 * An account of a list (excluded accounts, accounts to follow) is an account name of its network, by the handle
 * rule of the provider's definition (schemas/providers/<name>.json `handle`): the source's network for a
 * source's list, any network of the builder for the contest's own list (base). The @ may be there or not, and
 * the name may be written as the normaliser would complete it (bluesky "@alice" for "@alice.bsky.social").
 * A network without a handle rule in the config cannot be judged: the account passes. Not text: the `string`
 * rule's business, passes here.
 */
export const accountHandle = defineRule({
  name: "account_handle",
  params: [],
  message: "validation.account_handle",
  otherMessages: ["validation.account_handle.any"],
  check: (value, _args, ctx) => {
    if (typeof value !== "string") return true;
    const networks = networksOf(ctx.providers);
    if (ctx.sourceIndex === undefined) {
      if (networks.every.length === 0 || judge(networks, undefined, value)) return true;
      return { key: "validation.account_handle.any" };
    }
    const sources = isPlainObject(ctx.form) ? ctx.form.sources : undefined;
    const source = Array.isArray(sources) ? sources[ctx.sourceIndex] : undefined;
    const type = isPlainObject(source) ? source.type : undefined;
    const network = typeof type === "string" ? networks.known.get(type) : undefined;
    if (!network || judge(networks, network, value)) return true;
    const example = network.handle?.examples[0];
    return { key: "validation.account_handle", values: { example: example ? `@${example}` : "" } };
  },
});
