import { handleKey } from "../text/handle";
import { rememberedMentions } from "../text/mentions";
import { defineRule } from "./define";

/**
 * Every listed @handle appears as a mention in the other field's text, both read by the handle rule of the
 * source's network (engine/text/mentions.ts): "@alice@example.social" is one account where handles are
 * user@instance. Outside a source, or for a network without a rule, a mention is word characters or a domain name.
 */
export const accountsMentionedIn = defineRule({
  name: "accounts_mentioned_in",
  params: [{ name: "field", kind: "field" }],
  message: "validation.accounts_mentioned_in",
  check: (value, [field], ctx) => {
    if (!Array.isArray(value)) return true;
    const type = ctx.sourceIndex === undefined ? undefined : ctx.get(`sources.${ctx.sourceIndex}.type`);
    const handle = typeof type === "string" ? ctx.providers[type]?.handle : undefined;
    const network = typeof type === "string" && handle ? { name: type, handle } : undefined;
    const text = typeof field.value === "string" ? field.value : "";
    const mentioned = rememberedMentions(text, network);
    return value.every((listed) => typeof listed === "string" && mentioned.has(handleKey(network, listed)));
  },
});
