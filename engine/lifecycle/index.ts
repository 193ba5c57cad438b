/**
 * The contest lifecycle's pure core (browser and Node): commitments and the verifiable draw (docs/draw.md),
 * winning moments, the entrant shape, action checks, filters and the sandbox's synthetic entrants.
 */
export { ACTION_FAILURES, type ActionFailure, checkActions } from "./actions";
export {
  canonicalEntrantIds,
  entrantsHash,
  entrantsListText,
  type FrozenListRead,
  linesHasher,
  listReadLine,
  newSeed,
  seedCommitment,
  sha256Hex,
  sha256HexOfLines,
} from "./commitment";
export { type DrawInput, type DrawResult, drawLabel, drawWinners } from "./draw";
export { type Entrant, type EntrantActions, type EntrantComment, entrantId } from "./entrant";
export {
  applyFilters,
  FILTER_REASONS,
  type FilterContest,
  type FilterContext,
  type FilterReason,
  type Funnel,
  type Verdict,
} from "./filters";
export { type SeededRandom, type Sha256Text, seededRandom } from "./prng";
export {
  type MomentsEntry,
  momentsEntriesHash,
  momentsEntryLine,
  pageCount,
  pagedList,
  pageOf,
  VERIFY_PAGE_SIZE,
} from "./published-lists";
export {
  type ActionReadability,
  askedKinds,
  checkableSource,
  isIncomplete,
  listedOf,
  readAsNetwork,
} from "./readability";
export {
  RETURNING_MAX,
  type ReturningAccount,
  type SandboxOptions,
  sandboxEntrants,
} from "./sandbox-entrants";
export {
  type FrozenMoment,
  type MomentEntry,
  momentsCommitment,
  type ResolvedMoment,
  resolveWinningMoments,
} from "./winning-moments";
