/**
 * The demo contests' builder forms (cb_data): complete forms, built from the schemas' defaults like the builder's
 * empty form, then checked by the engine's validator with the team's context as the create route checks them and
 * stored as it stores them (storedFormOf). So a person who opens a demo contest in the builder (to edit the
 * planned one, or to duplicate any) can save it. A form the engine refuses stops the seed: the demo never ships
 * a contest the builder cannot save.
 */
import type { ContestForm, TwitterSource } from "../../codegen/types";
import { ALL, NAME_ONLY, validate } from "../../engine/validation/validate";
import type { Catalog } from "../catalog";
import { type StoredForm, storedFormOf, validationContextOf } from "../services/contests/form";
import type { teams } from "./tables";

type TeamRow = typeof teams.$inferSelect;

/** A twitter source's winning moments as the builder writes them (whole seconds, sorted, none won yet). */
export type DemoMoments = {
  list: string[];
  won: string;
  lost: string;
};

export type DemoContest = {
  name: string;
  nbWinners: number;
  startAt: string | null;
  closeAt: string | null;
  /** The team's sandbox X (Twitter) account's external id: the source publishes with it. */
  accountId: number;
  moments?: DemoMoments;
};

/** The twitter source's id in every demo form (the builder's first source id). */
export const DEMO_SOURCE_ID = 100;

/** A demo contest's form: one X (Twitter) source on the team's sandbox account, where a reply and a like enter. */
export function demoForm(catalog: Catalog, c: DemoContest): ContestForm {
  const { defaults } = catalog.builder;
  // The schemas' defaults of an X (Twitter) source: a whole TwitterSource but its id.
  const source = structuredClone(defaults.sources.twitter) as unknown as TwitterSource;
  source.id = DEMO_SOURCE_ID;
  source.type = "twitter";
  source.publication.account_id = c.accountId;
  source.publication.content = `${c.name}: reply and like to enter! Draw {SEED}, check it at {DRAW_LINK}`;
  source.actions.comment.enabled = true;
  source.actions.comment.accept = "replies_and_quotes";
  source.actions.like.enabled = true;
  if (c.moments) {
    Object.assign(source.winning_moments, {
      enabled: true,
      nb_attempts: 1,
      list: c.moments.list.map((date) => ({ date, won: false })),
    });
    source.winning_moments.won_publication.content = c.moments.won;
    source.winning_moments.lost_publication.content = c.moments.lost;
  }
  return {
    status: c.startAt === null ? "draft" : "planned",
    forPayment: false,
    base: {
      ...structuredClone(defaults.base),
      name: c.name,
      nb_winners: c.nbWinners,
      start_date: c.startAt,
      original_start_date: c.startAt,
      close_date: c.closeAt,
    },
    sources: [source],
    summary: { ...structuredClone(defaults.summary), parameters_verified: true },
  } as unknown as ContestForm;
}

/**
 * The form checked as the create route checks it when the contest was made (`at`: a submit validates everything,
 * a draft its name), then what the route stores. Throws with the engine's errors when it refuses the form.
 */
export function storedDemoForm(catalog: Catalog, team: TeamRow, form: ContestForm, at: Date): StoredForm {
  const ctx = validationContextOf(catalog, team, at);
  const structure = catalog.structure(form);
  const groups = { base: form.base, sources: form.sources, summary: form.summary };
  const rules = validate(groups, catalog.builder, ctx, form.status === "planned" ? ALL : NAME_ONLY);
  const errors = { ...structure, ...rules };
  if (Object.keys(errors).length > 0) {
    throw new Error(`The demo contest "${form.base.name}" has an invalid form: ${JSON.stringify(errors)}`);
  }
  return storedFormOf(form, catalog.builder, ctx);
}
