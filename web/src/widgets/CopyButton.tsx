/** Copies a text and says so for 1 s (app-shell.md §9 "copied label 1 s"), announced to screen readers. */
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";

export const COPIED_MS = 1000;

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <span className="copy">
      <button
        type="button"
        className="button small"
        aria-label={label}
        onClick={() => {
          // Say "copied" only once the clipboard took it (it refuses outside a secure context or without focus).
          navigator.clipboard?.writeText(text).then(
            () => setCopied(true),
            () => undefined,
          );
        }}
      >
        <Trans>Copy</Trans>
      </button>
      <span role="status" className="copied">
        {copied ? <Trans>Copied!</Trans> : ""}
      </span>
    </span>
  );
}
