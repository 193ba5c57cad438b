/**
 * The summary pane (contest-builder.md §2): a notice, the parameters-verified checkbox (the summary part, from its
 * schema) and a preview of every publication (web/src/builder/preview's PreviewPane).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { linkOf } from "../../../../engine/builder/origin";
import { mediaUrl } from "../api";
import { useBuilderEnv, useBuilderSelector } from "../context";
import { PartForm } from "../PartForm";
import { PreviewPane } from "../preview";
import { drawLinkOf } from "../preview/tokens";
import type { ScopeName } from "../schema/schemas";
import { ContestRecap } from "./ContestRecap";
import { PaneFrame } from "./PaneFrame";

const SUMMARY: ScopeName = { kind: "summary" };

function Preview() {
  const { served, locale } = useBuilderEnv();
  const form = useBuilderSelector((s) => s.context.form);
  // The contest's own link once it exists (a planned contest edited), else the new contest's, with a sample id.
  const link = useBuilderSelector((s) => linkOf(s.context.origin));
  const contestId = link?.status === "planned" || link?.status === "draft" ? link.id : null;
  return (
    <PreviewPane
      drawLink={drawLinkOf(served.public_url, contestId)}
      form={form}
      config={served}
      locale={locale}
      accounts={served.team.accounts}
      mediaUrl={mediaUrl}
    />
  );
}

export function SummaryPane() {
  const { t } = useLingui();
  return (
    <PaneFrame title={t`Summary`} part="summary">
      <div className="builder-notice" role="note">
        <p>
          <Trans>
            Check every publication below before creating the contest: once it starts, its publications go out
            as they are shown here.
          </Trans>
        </p>
      </div>
      <ContestRecap />
      <PartForm part="summary" scope={SUMMARY} />
      <section className="builder-preview" aria-label={t`Preview of the publications`}>
        <h4>
          <Trans>Preview</Trans>
        </h4>
        <Preview />
      </section>
    </PaneFrame>
  );
}
