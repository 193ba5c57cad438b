/**
 * /welcome: the tutorial a new account starts with (and the avatar menu's "Tutorial"): a few steps about what
 * Fairdraw does, with Back / Next, a list of the steps to jump to, and "Skip the tutorial", which asks first (the
 * skip-tutorial dialog) and goes to the dashboard. Started by sign-in once per person (session/seen.ts).
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Dices, Link2, type LucideIcon, PartyPopper, Users, Wrench } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LanguageSelect } from "../components/LanguageSelect";
import { useDialogs } from "../dialogs/DialogHost";
import { Modal } from "../dialogs/Modal";
import { markSeen } from "../session/seen";
import { useUser } from "../session/session";
import { usePageTitle } from "../usePageTitle";
import "./me/me.css";
import { Logo } from "../components/Logo";

export type TutorialStep = {
  id: string;
  icon: LucideIcon;
  title: MessageDescriptor;
  text: MessageDescriptor;
  action?: { to: string; label: MessageDescriptor };
};

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: "welcome",
    icon: PartyPopper,
    title: msg`Fair giveaways, without the spreadsheet`,
    text: msg`Fairdraw publishes your contest on the networks, gathers the entries, checks them against your rules and draws the winners in the open.`,
  },
  {
    id: "accounts",
    icon: Link2,
    title: msg`Link your team's accounts`,
    text: msg`Contests run from your team's social accounts. Link one now, or invite its owner to lend it to the team.`,
    action: { to: "/link", label: msg`Link an account` },
  },
  {
    id: "create",
    icon: Wrench,
    title: msg`Create a contest`,
    text: msg`The contest builder guides you through the networks, the actions to ask for and the dates. Press C anywhere to open it, or import an existing post with a quick draw.`,
    action: { to: "/contests/quickdraw", label: msg`Try a quick draw` },
  },
  {
    id: "draw",
    icon: Dices,
    title: msg`Draw the winners fairly`,
    text: msg`Each draw comes with a proof anyone can check, so your community knows the winners were not picked by hand.`,
  },
  {
    id: "team",
    icon: Users,
    title: msg`Work as a team`,
    text: msg`Invite your colleagues and give each one the permissions they need. You can come back to this tutorial from the account menu.`,
    action: { to: "/team/members", label: msg`See the members` },
  },
];

export function SkipTutorialDialog({ onClose, onSkip }: { onClose(): void; onSkip(): void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Skip the tutorial?`} onClose={onClose} tutorial size="small">
      <div data-dialog="skip-tutorial">
        <p>
          <Trans>You can come back to it at any time from the account menu, under "Tutorial".</Trans>
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Continue the tutorial</Trans>
          </button>
          <button type="button" className="button primary" onClick={onSkip}>
            <Trans>Skip</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}

export default function WelcomePage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Welcome`);
  const user = useUser();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const step = TUTORIAL_STEPS[index] ?? TUTORIAL_STEPS[0];
  const last = index === TUTORIAL_STEPS.length - 1;
  const total = TUTORIAL_STEPS.length;
  const position = index + 1;
  const name = user.name;

  // Seen once is enough: sign-in does not start it again (the avatar menu still opens it).
  useEffect(() => markSeen("tutorial", user._id), [user._id]);

  // After Back / Next, reading goes on from the new step's title.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of step is what moves the focus
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [index]);

  const go = (to: number) => {
    moved.current = true;
    setIndex(Math.max(0, Math.min(TUTORIAL_STEPS.length - 1, to)));
  };

  const skip = () =>
    dialogs.open((close) => (
      <SkipTutorialDialog
        onClose={close}
        onSkip={() => {
          close();
          void navigate("/");
        }}
      />
    ));

  if (!step) return null;

  return (
    <div className="welcome-page">
      <header className="welcome-header">
        <Logo />
        <LanguageSelect />
        <button type="button" className="button" onClick={skip} data-action="skip-tutorial">
          <Trans>Skip the tutorial</Trans>
        </button>
      </header>
      <main id="main" className="welcome-main">
        <h1>
          <Trans>Welcome to Fairdraw, {name}</Trans>
        </h1>
        <nav aria-label={t`Tutorial steps`}>
          <ol className="welcome-steps">
            {TUTORIAL_STEPS.map((s, i) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="welcome-dot"
                  aria-current={i === index ? "step" : undefined}
                  onClick={() => go(i)}
                >
                  {i + 1} <span className="visually-hidden">{i18n._(s.title)}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <section className="welcome-card" aria-labelledby="welcome-step-title" data-step={step.id}>
          <span className="welcome-icon" aria-hidden="true">
            <step.icon size={40} strokeWidth={1.5} />
          </span>
          <p className="muted" aria-live="polite">
            <Trans>
              Step {position} of {total}
            </Trans>
          </p>
          <h2 id="welcome-step-title" ref={heading} tabIndex={-1}>
            {i18n._(step.title)}
          </h2>
          <p>{i18n._(step.text)}</p>
          {step.action && (
            <p>
              <Link to={step.action.to}>{i18n._(step.action.label)}</Link>
            </p>
          )}
        </section>
        <div className="welcome-nav">
          <button type="button" className="button" onClick={() => go(index - 1)} disabled={index === 0}>
            <Trans>Back</Trans>
          </button>
          {last ? (
            <Link to="/" className="button primary" data-action="finish-tutorial">
              <Trans>Go to the dashboard</Trans>
            </Link>
          ) : (
            <button type="button" className="button primary" onClick={() => go(index + 1)} data-action="next">
              <Trans>Next</Trans>
            </button>
          )}
        </div>
      </main>
    </div>
  );
}
