/**
 * What a network's API can check, said where it matters in the builder (schemas/providers/*.json
 * `capabilities`): beside an action's switch, "Not checked: YouTube does not list who liked a post." (an unchecked
 * action, offered only as what it is, like the custom action) or X's limit of 100 likers (a partial one) or its
 * 7-day search window; beside a dark (promoted-only) post switch the network's API cannot make; beside the
 * account-age filter when the network gives no creation date; beside the private message to winners when the
 * network has none, or only private replies within a few days. With the chosen
 * publishing account: an action its grant cannot have read (TikTok's comments on a personal account), and beside
 * the account picker a network that posts privately until it audits the app (TikTok). The sentences are the
 * engine's messages (schemas/messages), in the person's language.
 */
import type { I18n } from "@lingui/core";
import type { ProviderDefinition } from "../../../codegen/types";
import { catalogChain } from "../../../engine/messages/catalogs";
import { formatMessage } from "../../../engine/messages/format";
import { actionCapabilityOf, givesProfileField, privateMessageWindowDays } from "../../../engine/provider";
import type { TeamAccount } from "./form-context";

/** The note for a source's field (its path relative to the source, "actions.like.enabled"), or null. */
export function capabilityNote(
  i18n: I18n,
  provider: ProviderDefinition | undefined,
  relative: string,
  account: Pick<TeamAccount, "unreadable_actions" | "publishes_private"> | null = null,
): string | null {
  if (!provider?.capabilities) return null;
  const say = (key: string, values: Record<string, string> = {}) =>
    formatMessage(catalogChain(i18n.locale), key, { network: provider.display_name, ...values });
  const action = /^actions\.([^.]+)\.enabled$/.exec(relative)?.[1];
  if (action !== undefined) {
    const kind = provider.actions?.[action]?.kind;
    if (!kind || kind === "custom") return null;
    if (account?.unreadable_actions?.includes(action)) return say("capability.account_unreadable");
    const capability = actionCapabilityOf(provider, kind);
    if (capability.read === "unchecked") return say(`capability.unchecked.${kind}`);
    if (capability.read === "partial")
      return say("capability.partial", { max: i18n.number(capability.max ?? 0) });
    // A list read only so many days back is read while the contest runs (the scheduler's loads): said here.
    if (capability.window_days !== undefined)
      return say("capability.window", { days: i18n.number(capability.window_days) });
    return null;
  }
  // A dark (promoted-only) switch, on any publication of the source ("publication.dark", "reminders.list.*.dark").
  if (/(^|\.)dark$/.test(relative) && provider.capabilities.publishing.dark_posts === "unsupported")
    return say("capability.publishing.dark_posts.unsupported");
  if (relative === "publication.account_id" && account?.publishes_private)
    return say("capability.publishes_private");
  if (relative === "account_age.enabled" && !givesProfileField(provider, "account_created_at"))
    return say("capability.profile.account_created_at");
  if (relative === "winners_private_message.enabled") {
    if (provider.capabilities.private_messages.mode === "none")
      return say("capability.private_messages.none");
    const days = privateMessageWindowDays(provider);
    if (days !== null)
      return say("capability.private_messages.reply_to_comment", { days: i18n.number(days) });
  }
  return null;
}
