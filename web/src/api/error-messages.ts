/**
 * What an API error says to the person, in their language. The server words its errors in English, often with
 * specifics ("Your plan allows 5 members."): an English reader gets that sentence; in the other languages each
 * error key of api/errors.ts is worded here, and an unknown key falls back to the server's sentence.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ApiError } from "./errors";

const MESSAGES: Record<string, MessageDescriptor> = {
  network: msg`The server could not be reached. Check your connection and try again.`,
  badRequest: msg`The request could not be understood.`,
  unauthenticated: msg`Your session has ended. Sign in again.`,
  teamFrozen: msg`Your team is frozen until its payment is regularised.`,
  permissionsForbidden: msg`You don't have the permission to do that in this team.`,
  csrfTokenMismatch: msg`Your session's security token is out of date. Reload the page.`,
  planNotSupported: msg`Your plan does not include this. See the plans to unlock it.`,
  maxMembersExceeded: msg`Your team has as many members as its plan allows.`,
  maxAccountsExceeded: msg`Your team has as many accounts as its plan allows.`,
  cantDeleteYourDefaultTeam: msg`You can't delete your default team.`,
  cantTransferYourDefaultTeam: msg`You can't transfer your default team.`,
  forbiddenInDemoMode: msg`This can't be done in the demo.`,
  upgradeToDownloadEntries: msg`Upgrade your plan to download the entries.`,
  upgradeToPerformTestDraws: msg`Upgrade your plan to make test draws.`,
  draftsQuotaExceeded: msg`Your team has as many drafts as its plan allows.`,
  templatesQuotaExceeded: msg`Your team has as many templates as its plan allows.`,
  contestsQuotaExceeded: msg`Your team runs as many contests as its plan allows.`,
  importsQuotaExceeded: msg`Your team has used this month's quick imports.`,
  notFound: msg`This could not be found. It may have been deleted.`,
  conflict: msg`This changed in the meantime. Reload and try again.`,
  inviteNotActive: msg`This invitation is no longer active.`,
  contestNoLongerEditable: msg`This contest can no longer be changed.`,
  contestNotUpdatable: msg`This contest can no longer be changed.`,
  contestNotDeletable: msg`This contest can no longer be deleted.`,
  mergeIntoItself: msg`A contest can't be merged into itself.`,
  mergeNotClassic: msg`Only imported (classic) contests can be merged.`,
  mergeAlreadyMerged: msg`This contest was already merged.`,
  mergeContestFinished: msg`A finished contest can't be merged.`,
  mergeSamePost: msg`These two contests import the same post.`,
  contestNotLoadable: msg`The entries of this contest can't be loaded now.`,
  contestNotClosed: msg`The contest must be closed before the final draw.`,
  contestAlreadyDrawn: msg`The winners of this contest were already drawn.`,
  entriesNotLoaded: msg`Load the entries first.`,
  payloadTooLarge: msg`This is too large.`,
  storageQuotaExceeded: msg`Your team's uploads fill its storage. Delete media or upgrade your plan.`,
  unsupportedMediaType: msg`This type of file is not accepted.`,
  rangeNotSatisfiable: msg`This part of the file does not exist.`,
  validation: msg`The given data was invalid.`,
  tooManyAttempts: msg`Too many attempts. Wait a moment and try again.`,
  serverError: msg`Something went wrong on our side. Try again later.`,
  networkUnavailable: msg`The social network did not answer. Try again in a moment.`,
  databaseUnavailable: msg`The service is temporarily unavailable. Try again in a few seconds.`,
};

export function errorMessage(i18n: I18n, error: ApiError): string {
  const descriptor = MESSAGES[error.key];
  if (!descriptor || (i18n.locale === "en" && error.message)) return error.message;
  return i18n._(descriptor);
}
