import { type HandleProvider, normalizeHandle } from "../text/handle";
import { defineRule } from "./define";

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
    const networks = (names: readonly string[]): HandleProvider[] =>
      names.flatMap((name) => {
        const handle = ctx.providers[name]?.handle;
        return handle ? [{ name, handle }] : [];
      });
    if (ctx.sourceIndex === undefined) {
      const every = networks(Object.keys(ctx.providers));
      if (every.length === 0 || every.some((p) => normalizeHandle(p, value) !== null)) return true;
      return { key: "validation.account_handle.any" };
    }
    const type = ctx.get(`sources.${ctx.sourceIndex}.type`);
    const [network] = typeof type === "string" ? networks([type]) : [];
    if (!network || normalizeHandle(network, value) !== null) return true;
    const example = network.handle?.examples[0];
    return { key: "validation.account_handle", values: { example: example ? `@${example}` : "" } };
  },
});
