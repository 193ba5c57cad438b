/**
 * Shortlinks on paste in a builder text field, as the team's setting says (shortlink-paste.ts): the pasted text is
 * put in at once (typing is never held up), then its long links are replaced by shortlinks — straight away
 * (always), after a small confirmation under the field (always_ask), or never. Creating a shortlink needs
 * team.shortlinks.create_shortlink; without it links are left as pasted.
 */
import { Plural, Trans } from "@lingui/react/macro";
import { type ClipboardEvent, type ReactNode, useRef, useState } from "react";
import { useSession } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import type { BuilderFormContext } from "../form-context";
import { insertPaste, linksToShorten, pasteAction, pasteModeOf, replaceLinks } from "./shortlink-paste";

type TextElement = HTMLInputElement | HTMLTextAreaElement;

export function useShortlinkPaste(options: {
  value: string;
  onChange(next: string): void;
  ctx: BuilderFormContext | undefined;
  disabled?: boolean;
}): { onPaste(event: ClipboardEvent<TextElement>): void; prompt: ReactNode } {
  const session = useSession();
  const onError = useErrorHandler();
  const { value, onChange, ctx, disabled } = options;
  const latest = useRef(value);
  latest.current = value;
  const [pending, setPending] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const mode = pasteModeOf(ctx?.createShortlinksOnPaste);
  const canCreate = typeof ctx?.shortlink === "function" && session.can("team.shortlinks.create_shortlink");

  const shorten = async (links: readonly string[]) => {
    if (!ctx) return;
    setPending(null);
    setBusy(true);
    try {
      const pairs = await Promise.all(links.map(async (link) => [link, await ctx.shortlink(link)] as const));
      const next = replaceLinks(latest.current, Object.fromEntries(pairs));
      latest.current = next;
      onChange(next);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const onPaste = (event: ClipboardEvent<TextElement>) => {
    if (disabled) return;
    const pasted = event.clipboardData?.getData("text/plain") || event.clipboardData?.getData("text") || "";
    const links = linksToShorten(pasted);
    const action = pasteAction(mode, links, canCreate);
    if (action === "leave") return;
    event.preventDefault();
    const element = event.currentTarget;
    const current = latest.current;
    const { text, caret } = insertPaste(
      current,
      element.selectionStart ?? current.length,
      element.selectionEnd ?? current.length,
      pasted,
    );
    latest.current = text;
    onChange(text);
    setTimeout(() => {
      if (document.activeElement === element) element.setSelectionRange(caret, caret);
    }, 0);
    if (action === "replace") void shorten(links);
    else setPending(links);
  };

  const prompt: ReactNode = (
    <>
      {pending && (
        <fieldset className="shortlink-prompt">
          <legend>
            <Plural
              value={pending.length}
              one="Replace the pasted link with a shortlink?"
              other="Replace the # pasted links with shortlinks?"
            />
          </legend>
          <button type="button" className="button small primary" onClick={() => void shorten(pending)}>
            <Trans>Use a shortlink</Trans>
          </button>
          <button type="button" className="button small" onClick={() => setPending(null)}>
            <Trans>Keep the link</Trans>
          </button>
        </fieldset>
      )}
      {busy && (
        <p className="muted" role="status">
          <Trans>Creating the shortlink…</Trans>
        </p>
      )}
    </>
  );
  return { onPaste, prompt };
}
