/**
 * The post-link field of the quick draw and the check (contest-builder.md §1): the network is read from the link
 * as it is typed or pasted (schemas/providers url_patterns, engine/quickdraw matchPost) and said at once.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { ProviderMark } from "../components/ProviderMark";
import { type DetectedPost, detectPost, QUICKDRAW_PROVIDERS } from "./providers";

export function PostLinkField({
  value,
  onChange,
  autoFocus = false,
  recognisedOther,
}: {
  value: string;
  onChange(value: string, post: DetectedPost | null): void;
  autoFocus?: boolean;
  /** What the page recognised in a link that is no post (said instead of the error). */
  recognisedOther?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const hintId = useId();
  const post = value.trim() ? detectPost(value) : null;
  const unknown = value.trim() !== "" && post === null && !recognisedOther;
  const networks = new Intl.ListFormat(i18n.locale || undefined, { type: "disjunction" }).format(
    QUICKDRAW_PROVIDERS.map((p) => p.display_name),
  );
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Link of the post</Trans>
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        value={value}
        placeholder={t`https://…`}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the page's one field, reached from the menu to paste a link
        autoFocus={autoFocus}
        aria-invalid={unknown ? true : undefined}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value, e.target.value.trim() ? detectPost(e.target.value) : null)}
      />
      <div id={hintId} role="status">
        {post ? (
          <p className="field-hint">
            <Trans>
              Post of <ProviderMark provider={post.provider} withName /> recognised.
            </Trans>
          </p>
        ) : recognisedOther && value.trim() ? (
          <p className="field-hint">{recognisedOther}</p>
        ) : unknown ? (
          <p className="field-error">
            <Trans>This link is not a post of a network Fairdraw can import from ({networks}).</Trans>
          </p>
        ) : (
          <p className="field-hint">
            <Trans>Paste the link of a post on {networks}.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}
