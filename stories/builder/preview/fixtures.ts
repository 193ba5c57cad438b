/** Contest forms for the publication preview's stories and tests: a twitter source with every publication on. */
import type { BuilderForm } from "../../../engine/builder/form";
import { CLOSE, formWith, START } from "../widgets/fixtures";

const file = (uuid: string, mime = "image/jpeg") => ({ uuid, mime, size: 1000 });
const media = (...files: ReturnType<typeof file>[]) => ({ files, count: files.length });

export const MAIN_TEXT =
  "🎁 Giveaway! Follow @fairdraw and @Partner_Shop, retweet and reply with #SummerDraw to win. Rules: https://fairdraw.app/rules — draw checked at {DRAW_LINK}";

export const twitterSource = {
  id: 100,
  type: "twitter",
  publication: {
    needed: true,
    account_id: 1001,
    content: MAIN_TEXT,
    dark: false,
    media: media(file("m1"), file("m2")),
  },
  reminders: {
    enabled: true,
    accept_entries: false,
    list: [
      {
        id: "r1",
        type: "quote",
        creation_date: "2026-07-03T10:00:00.000Z",
        content: "Two days left! #SummerDraw",
        media: media(),
        dark: true,
      },
      {
        id: "r2",
        type: "retweet",
        creation_date: "2026-07-06T10:00:00.000Z",
        content: "",
        media: media(),
        dark: false,
      },
    ],
  },
  winning_moments: {
    enabled: true,
    nb_attempts: 1,
    list: [],
    won_publication: { content: "You won, @winner! 🎉", media: media(file("w1")), dark: false },
    lost_publication: { content: "Not this time, try again tomorrow", media: media(), dark: false },
  },
  remind_to_follow: {
    enabled: true,
    list: [
      { id: "f1", content: "Don't forget to follow @fairdraw to take part!", dark: false, media: media() },
    ],
  },
  closing_publication: {
    enabled: true,
    type: null,
    content: "The giveaway is closed. Seed: {SEED}",
    dark: false,
    media: media(),
  },
  winners_publication: {
    enabled: true,
    type: null,
    content: "Congratulations {WINNERS}! Check the draw: {DRAW_LINK}",
    dark: false,
    media: media(file("a"), file("b"), file("c"), file("d", "video/mp4")),
  },
  winners_private_message: {
    enabled: true,
    content: "Hi {NAME}, you won! Reply with your address.",
    media: media(),
  },
};

export const facebookSource = {
  id: 101,
  type: "facebook",
  publication: {
    needed: true,
    account_id: 2001,
    content: "Comment with your favourite #flavour to win!",
    media: media(file("f1"), file("f2"), file("f3")),
  },
  reminders: {
    enabled: true,
    accept_entries: false,
    list: [
      {
        id: "fr1",
        type: "repost",
        creation_date: "2026-07-04T10:00:00.000Z",
        content: "Last chance!",
        media: media(),
        dark: false,
      },
    ],
  },
  closing_publication: {
    enabled: true,
    type: "comment",
    content: "Closed, thank you all!",
    dark: false,
    media: media(),
  },
  winners_publication: { enabled: false, type: null, content: "", dark: false, media: media() },
  winners_private_message: { enabled: false, content: "", media: media() },
};

export const previewForm: BuilderForm = formWith([twitterSource, facebookSource], {
  name: "Summer giveaway",
  start_date: START,
  close_date: CLOSE,
  nb_winners: 2,
});

export const twitterOnlyForm: BuilderForm = formWith([twitterSource], { nb_winners: 2 });
export const facebookOnlyForm: BuilderForm = formWith([facebookSource], { nb_winners: 1 });
export const emptyPreviewForm: BuilderForm = formWith([]);
