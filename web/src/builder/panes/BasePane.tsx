/** Basic information (contest-builder.md §2): every field of the base part, rendered from its schema and sidecar. */
import { useLingui } from "@lingui/react/macro";
import { PartForm } from "../PartForm";
import type { ScopeName } from "../schema/schemas";
import { PaneFrame } from "./PaneFrame";

const BASE: ScopeName = { kind: "base" };

export function BasePane() {
  const { t } = useLingui();
  return (
    <PaneFrame title={t`Basic information`} part="base">
      <PartForm part="base" scope={BASE} />
    </PaneFrame>
  );
}
