/**
 * The avatar menu (app-shell.md §2): profile, subscription, switch team, switch language, tutorial, contact (only
 * when retweet_rate is missing or below 10), about, logout. A disclosure button with a list of actions; Escape
 * closes it and gives focus back to the button.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { AboutDialog } from "../dialogs/AboutDialog";
import { useDialogs } from "../dialogs/DialogHost";
import { LanguageDialog } from "../dialogs/LanguageDialog";
import { ContactDialog } from "../dialogs/lazy";
import { SwitchTeamDialog } from "../dialogs/SwitchTeamDialog";
import { useUser } from "../session/session";
import { Avatar } from "../widgets/Avatar";

/** The contact entry shows when retweet_rate is missing or below 10. */
export function showsContact(retweetRate: number | null | undefined): boolean {
  return retweetRate == null || retweetRate < 10;
}

export function AvatarMenu() {
  const { t } = useLingui();
  const user = useUser();
  const dialogs = useDialogs();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    const onDown = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onDown);
    };
  }, [open]);

  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="avatar-menu">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t`Account menu`}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user.profile_picture} alt="" size={32} />
      </button>
      {open && (
        <div ref={panel} id={id} className="menu-panel">
          <ul>
            <li>
              <Link to="/me/settings" onClick={() => setOpen(false)}>
                <Trans>Profile</Trans>
              </Link>
            </li>
            <li>
              <Link to="/team/subscription" onClick={() => setOpen(false)}>
                <Trans>Subscription</Trans>
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={run(() => dialogs.open((c) => <SwitchTeamDialog onClose={c} />))}
              >
                <Trans>Switch team</Trans>
              </button>
            </li>
            <li>
              <button type="button" onClick={run(() => dialogs.open((c) => <LanguageDialog onClose={c} />))}>
                <Trans>Switch language</Trans>
              </button>
            </li>
            <li>
              <Link to="/welcome" onClick={() => setOpen(false)}>
                <Trans>Tutorial</Trans>
              </Link>
            </li>
            {showsContact(user.retweet_rate) && (
              <li>
                <button type="button" onClick={run(() => dialogs.open((c) => <ContactDialog onClose={c} />))}>
                  <Trans>Contact</Trans>
                </button>
              </li>
            )}
            <li>
              <button type="button" onClick={run(() => dialogs.open((c) => <AboutDialog onClose={c} />))}>
                <Trans>About</Trans>
              </button>
            </li>
            {user.grade === "admin" && (
              <li>
                <Link to="/admin" onClick={() => setOpen(false)}>
                  <Trans>Administration</Trans>
                </Link>
              </li>
            )}
            <li>
              <Link to="/logout" onClick={() => setOpen(false)}>
                <Trans>Log out</Trans>
              </Link>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
