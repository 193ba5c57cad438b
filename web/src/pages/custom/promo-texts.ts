/**
 * The words of the promotion pages (schemas/promo-pages.json) as Lingui descriptors, so the translators get them:
 * the data file keeps the English and everything else (brand, colour, plan), this file its translatable copy,
 * keyed by slug. A page added to the data file shows its English until its entry is added here; a test checks
 * the English of both is the same (tests/web/custom.test.tsx).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const PROMO_TEXTS: Record<string, { headline: MessageDescriptor; text: MessageDescriptor }> = {
  "lumen-coffee": {
    headline: msg`Giveaways as smooth as your morning cup`,
    text: msg`Lumen Coffee Roasters runs its tasting-box giveaways with Fairdraw: one post, every comment counted, a fair draw everyone can check. Start on the Hobbyist plan and draw your first winners today.`,
  },
  "atlas-sports": {
    headline: msg`Give your fans a fair shot at match tickets`,
    text: msg`Atlas Sports Club gives away season seats on the networks its supporters follow. Fairdraw gathers the entries, filters out duplicate accounts and draws winners in public. Get the Advanced plan for your club.`,
  },
  "nova-beauty": {
    headline: msg`Launch every collection with a giveaway people trust`,
    text: msg`Nova Beauty pairs each product launch with a contest on Instagram and TikTok. With the Professional plan, templates and reminders keep every launch consistent, and the draw is proved fair.`,
  },
  "pixel-arcade": {
    headline: msg`Level up your community with fair game-key drops`,
    text: msg`Pixel Arcade drops game keys to its followers on X, Twitch and YouTube. Fairdraw leaves out brand-new accounts and the ones you exclude, then draws in front of everyone. The Advanced plan covers weekly drops.`,
  },
  "harbor-books": {
    headline: msg`Share the stories: book giveaways made simple`,
    text: msg`Harbor Books gives signed copies to its readers each month. Paste the post, pick how many winners, and Fairdraw does the rest. The Hobbyist plan is all an independent bookshop needs.`,
  },
  "verde-market": {
    headline: msg`Fresh baskets, fair winners, happy neighbours`,
    text: msg`Verde Market rewards its local community with weekly produce baskets. With the Professional plan, templates keep the same rules for every store's contest, week after week.`,
  },
  "aurora-music": {
    headline: msg`Backstage passes for the fans who show up`,
    text: msg`Aurora Music Festival runs contests across every network in the weeks before the gates open. The Business plan brings multiplatform contests, winning moments and the team room a festival needs.`,
  },
  "summit-outdoors": {
    headline: msg`Gear giveaways for people who love the outdoors`,
    text: msg`Summit Outdoors gives away tents and boots to the hikers who follow it. Fairdraw checks each entry against the contest's rules and keeps a proof of every draw. Try the Advanced plan.`,
  },
  "maple-kitchen": {
    headline: msg`A table for two, drawn fairly`,
    text: msg`Maple Kitchen offers dinners to the guests who comment on its posts. With the Hobbyist plan a restaurant runs its giveaways in minutes, and every winner is drawn where everyone can see.`,
  },
  "orbit-tech": {
    headline: msg`New gadgets, fair draws, no bots`,
    text: msg`Orbit Tech Store launches its product giveaways with filters for bots, duplicate accounts and previous winners. The Professional plan keeps a whole marketing team working together.`,
  },
  "blossom-florist": {
    headline: msg`Say it with flowers, and a fair draw`,
    text: msg`Blossom Florists celebrates every season with a bouquet giveaway. The Hobbyist plan turns a simple post into a contest with a draw anyone can check afterwards.`,
  },
  "tidal-travel": {
    headline: msg`Send your followers on the trip of a year`,
    text: msg`Tidal Travel gives away holidays with contests that run on several networks at once. The Business plan adds winning moments, automatic draws and messages to the winners.`,
  },
};
