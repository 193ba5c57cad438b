import { type HandleProvider, normalizeHandle } from "../text/handle";
import { isPlainObject } from "../values";
import type { RuleContext } from "./define";
import { defineRule } from "./define";

/** The networks with a handle rule, by name: made once per builder config, not per account checked. */
const byProviders = new WeakMap<RuleContext["providers"], Map<string, HandleProvider>>();
function networksOf(providers: RuleContext["providers"]): Map<string, HandleProvider> {
  let known = byProviders.get(providers);
  if (!known) {
    known = new Map();
    for (const [name, def] of Object.entries(providers))
      if (def.handle) known.set(name, { name, handle: def.handle });
    byProviders.set(providers, known);
  }
  return known;
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
    const known = networksOf(ctx.providers);
    if (ctx.sourceIndex === undefined) {
      const every = [...known.values()];
      if (every.length === 0 || every.some((p) => normalizeHandle(p, value) !== null)) return true;
      return { key: "validation.account_handle.any" };
    }
    const sources = isPlainObject(ctx.form) ? ctx.form.sources : undefined;
    const source = Array.isArray(sources) ? sources[ctx.sourceIndex] : undefined;
    const type = isPlainObject(source) ? source.type : undefined;
    const network = typeof type === "string" ? known.get(type) : undefined;
    if (!network || normalizeHandle(network, value) !== null) return true;
    const example = network.handle?.examples[0];
    return { key: "validation.account_handle", values: { example: example ? `@${example}` : "" } };
  },
});
