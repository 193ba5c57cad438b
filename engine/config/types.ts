import type {
  ContestBase,
  ContestForm,
  ContestSummary,
  FieldRules,
  ProviderHandle,
  StepConfig,
} from "../../codegen/types";

/** The rules of one part of the form: base, summary or one provider's source. */
export type ScopeRules = { fields: Record<string, FieldRules>; steps?: StepConfig[] };

/**
 * The builder config (decisions.md): rule string and can_edit per field, plan gates, per-provider limits.
 * Built from schemas/ on the server (GET /api/v1/teams/current/contest-builder/config); the browser and the
 * server validate with the same config and the same engine.
 */
export type BuilderConfig = {
  base: ScopeRules;
  summary: ScopeRules;
  /** Provider name → the rules of its source. */
  sources: Record<string, ScopeRules>;
  /**
   * Provider name → what the builder needs of its definition: its source limit and its handle rule (what an
   * account name of the network is, for the account_handle rule; absent: the rule cannot judge and passes).
   */
  providers: Record<
    string,
    {
      maxSourcesLimitCB: number;
      handle?: ProviderHandle;
      /**
       * The keys of the source's actions the network cannot check (capabilities.actions: unchecked; custom aside,
       * its own rule needs a checked action): one of them alone is no requirement the draw can verify.
       */
      unchecked_actions?: string[];
    }
  >;
  /**
   * The schemas' defaults: what a new contest and a new source of each provider start with, and what a field
   * that is switched off is sent as.
   */
  defaults?: {
    base: ContestBase;
    summary: ContestSummary;
    sources: Record<string, ContestForm["sources"][number]>;
  };
  /** mediaMaxSize and other numeric limits rules may read as $limit.<name>. */
  limits: Record<string, number>;
  /** Where each scope's rules came from, for load errors ("schemas/contest/base.rules.json"). */
  files?: { base?: string; summary?: string; sources?: Record<string, string> };
};

/** Who validates, and when: the server clock, the team's plan features and quotas. */
export type ValidationContext = {
  now: Date;
  teamFeatures: ReadonlySet<string>;
  quotas: Readonly<Record<string, number>>;
};
