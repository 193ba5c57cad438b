import { Trans } from "@lingui/react/macro";

/** The loading screen while the builder opens (contest-builder.md §2). */
export function BuilderLoading() {
  return (
    <div className="builder-loading" role="status">
      <Trans>Opening the contest builder…</Trans>
    </div>
  );
}
