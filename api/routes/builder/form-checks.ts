import type { Context } from "hono";
import type { ContestForm } from "../../../codegen/types";
import type { ValidationContext } from "../../../engine/config/types";
import type { ValidationErrors } from "../../../engine/messages/types";
import { lockedToDefaults } from "../../../engine/payload";
import { grantedScopesOf, unreadableActions } from "../../../engine/provider";
import { ALL, NAME_ONLY, type ValidationTarget, validate } from "../../../engine/validation/validate";
import type { AppEnv } from "../../context";
import { refuse } from "../../errors";
import { teamOf } from "../../middleware/guards";
import { type TeamAccount, teamAccounts } from "../../services/accounts";
import {
  publishingAccount,
  type StoredForm,
  storedFormOf,
  structureErrors,
  validationContextOf,
} from "../../services/contests/form";
import { resolveMediaFiles } from "../../services/contests/media";
import { validationError } from "../../validation";
import type { Call, Kind } from "./permissions";

export function add(errors: ValidationErrors, path: string, key: string, rule: string) {
  errors[path] = [...(errors[path] ?? []), { key, rule }];
}

/**
 * The body as a form: its structure (schemas/contest/form.schema.json), a status the call takes, and on create
 * calls an idempotency key. `is_duplicate` (a create of a contest from a copied form) is read apart.
 */
export async function readForm(
  c: Context<AppEnv>,
  body: Record<string, unknown>,
  kind: Kind,
  call: Call,
): Promise<{ form: ContestForm; isDuplicate: boolean }> {
  const { is_duplicate: duplicate, ...rest } = body;
  const takesDuplicate = kind === "contests" && call === "create";
  const errors = structureErrors(c.get("deps").catalog, takesDuplicate ? rest : body);
  if (takesDuplicate && duplicate !== undefined && typeof duplicate !== "boolean") {
    add(errors, "is_duplicate", "validation.structure.type", "schema:type");
  }
  if (Object.keys(errors).length === 0) {
    const { status, forPayment, idempotency_key: key } = rest;
    if (kind === "contests" && status === "template") add(errors, "status", "validation.in", "status");
    if (kind === "templates" && status !== "template") add(errors, "status", "validation.in", "status");
    // A draft kept for a one-shot payment is a draft.
    if (kind === "contests" && forPayment === true && status !== "draft") {
      add(errors, "forPayment", "validation.in", "forPayment");
    }
    if (call === "create" && (typeof key !== "string" || key === "")) {
      add(errors, "idempotency_key", "validation.required", "required");
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
  // The structure check above is the type check: the body is a ContestForm.
  const form = (takesDuplicate ? rest : body) as unknown as ContestForm;
  const mediaErrors = await resolveMediaFiles(c.get("deps").db, teamOf(c).team.id, form);
  if (Object.keys(mediaErrors).length > 0) throw validationError(c, mediaErrors);
  return { form, isDuplicate: duplicate === true };
}

/** The engine's rules with the team's context; a submit (planned) validates everything, the rest the name only. */
export function checkRules(
  c: Context<AppEnv>,
  form: ContestForm,
  ctx: ValidationContext,
  target: ValidationTarget,
) {
  const groups = { base: form.base, sources: form.sources, summary: form.summary };
  const errors = validate(groups, c.get("deps").catalog.builder, ctx, target);
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
}

/**
 * A submitted contest publishes with the team's own accounts (or accounts lent to it) of each network, and asks
 * only for actions its account can have read (a TikTok personal account's comments cannot: unreadableActions).
 */
export function checkAccounts(c: Context<AppEnv>, form: ContestForm, accounts: readonly TeamAccount[]) {
  const errors: ValidationErrors = {};
  const { providers } = c.get("deps").catalog;
  form.sources.forEach((source, i) => {
    const found = publishingAccount(accounts, source);
    if (!found) {
      add(errors, `sources.${i}.publication.account_id`, "validation.account.not_linked", "account");
      return;
    }
    const unreadable = unreadableActions(
      providers.get(found.account.provider),
      grantedScopesOf(found.account.meta),
    );
    const actions: Record<string, { enabled?: unknown } | undefined> = { ...source.actions };
    for (const key of unreadable) {
      if (actions[key]?.enabled === true) {
        add(errors, `sources.${i}.actions.${key}.enabled`, "validation.account.action_unreadable", "account");
      }
    }
  });
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
}

/** Creating or saving a contest that is not a paid one-shot needs the contestBuilder feature (§4 Submit). */
export function checkPlan(ctx: ValidationContext, paid: boolean) {
  if (!paid && !ctx.teamFeatures.has("contestBuilder")) throw refuse("planNotSupported");
}

/**
 * The form checked with the team's context at `now`: the rules (a submit everything, the rest the name only);
 * for a contest, the team's accounts and, on a submit, the plan and the publishing accounts. Then what is stored.
 */
export async function checkForm(
  c: Context<AppEnv>,
  given: ContestForm,
  now: Date,
  contest?: { planned: boolean; paid: boolean },
): Promise<{ ctx: ValidationContext; accounts: readonly TeamAccount[]; stored: StoredForm }> {
  const { db, catalog } = c.get("deps");
  const { team } = teamOf(c);
  const ctx = validationContextOf(catalog, team, now);
  // Locked parts (can_edit false) take their defaults first: no error about a part the client cannot have.
  const form = lockedToDefaults(given, catalog.builder);
  checkRules(c, form, ctx, contest?.planned ? ALL : NAME_ONLY);
  const accounts = contest ? await teamAccounts(db, team.id) : [];
  if (contest?.planned) {
    checkPlan(ctx, contest.paid);
    checkAccounts(c, form, accounts);
  }
  // A submit was validated in full above and passed: storing it needs no second pass over every rule.
  const known = contest?.planned ? {} : undefined;
  return { ctx, accounts, stored: storedFormOf(form, catalog.builder, ctx, known) };
}
