/**
 * Keyboard shortcuts (app-shell.md §2): only when signed in, no field is focused, no modifier key is held, the
 * builder is closed and no dialog is open. C needs team.contests.create_contests (else the permission error).
 */
import { t } from "@lingui/core/macro";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useBuilder } from "../builder/BuilderHost";
import { useDialogs } from "../dialogs/DialogHost";
import { isTyping } from "../dialogs/is-typing";
import {
  AboutDialog,
  LanguageDialog,
  ShortcutsDialog,
  ShortlinksDialog,
  SwitchTeamDialog,
} from "../dialogs/lazy";
import { useSession } from "../session/session";

export type ShortcutKey = "c" | "t" | "l" | "i" | "k" | "s" | "q" | "p";
export const SHORTCUT_KEYS: readonly ShortcutKey[] = ["c", "t", "l", "i", "k", "s", "q", "p"];

/** Whether a key press may trigger a shortcut at all. */
export function shortcutAllowed(e: KeyboardEvent, blocked: boolean): boolean {
  if (blocked || e.defaultPrevented || e.repeat) return false;
  if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
  return !isTyping(e.target) && !isTyping(document.activeElement);
}

export function Shortcuts() {
  const session = useSession();
  const dialogs = useDialogs();
  const builder = useBuilder();
  const navigate = useNavigate();
  const state = useRef({ session, dialogs, builder, navigate });
  state.current = { session, dialogs, builder, navigate };

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const { session, dialogs, builder, navigate } = state.current;
      if (session.status !== "ready") return;
      // An open dialog does not block: opening another closes it (app-shell.md §2); a field being typed in does.
      if (!shortcutAllowed(e, builder.isOpen)) return;
      const key = e.key.toLowerCase() as ShortcutKey;
      if (!SHORTCUT_KEYS.includes(key)) return;
      e.preventDefault();
      switch (key) {
        case "c":
          if (session.can("team.contests.create_contests")) builder.open();
          else
            void dialogs.alert({
              type: "error",
              title: t`You don't have the permission to create contests.`,
            });
          break;
        case "t":
          dialogs.open((close) => <SwitchTeamDialog onClose={close} />);
          break;
        case "l":
          dialogs.open((close) => <LanguageDialog onClose={close} />);
          break;
        case "i":
          dialogs.open((close) => <AboutDialog onClose={close} />);
          break;
        case "k":
          dialogs.open((close) => <ShortcutsDialog onClose={close} />);
          break;
        case "s":
          dialogs.open((close) => <ShortlinksDialog onClose={close} />);
          break;
        case "q":
          void navigate("/contests/quickdraw");
          break;
        case "p":
          void navigate("/me/settings");
          break;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return null;
}
