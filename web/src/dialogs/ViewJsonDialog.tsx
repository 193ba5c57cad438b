/** Shows an object as formatted JSON with a copy button (app-shell.md §2 "view JSON"): the contest as the API answers it. */
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { CopyButton } from "../widgets/CopyButton";
import { Modal } from "./Modal";

export function ViewJsonDialog({
  title,
  value,
  onClose,
}: {
  title?: ReactNode;
  value: unknown;
  onClose(): void;
}) {
  const { t } = useLingui();
  const text = JSON.stringify(value, null, 2) ?? "null";
  return (
    <Modal
      title={title ?? t`JSON`}
      onClose={onClose}
      size="large"
      footer={<CopyButton text={text} label={t`Copy the JSON`} />}
    >
      <section aria-label={t`JSON`}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long block the keyboard must be able to scroll */}
        <pre className="json-view" tabIndex={0}>
          {text}
        </pre>
      </section>
    </Modal>
  );
}
