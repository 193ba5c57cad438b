/**
 * The avatar menu (app-shell.md §2): profile, subscription, switch team, switch language, tutorial, contact (only
 * when retweet_rate is missing or below 10), about, logout. A Radix menu (components/DropdownMenu).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  CircleHelp,
  CreditCard,
  Info,
  Languages,
  LogOut,
  Mail,
  Repeat,
  Shield,
  UserRound,
} from "lucide-react";
import { Link } from "react-router";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../components/DropdownMenu";
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

const ICON = { size: 16, "aria-hidden": true } as const;

export function AvatarMenu() {
  const { t } = useLingui();
  const user = useUser();
  const dialogs = useDialogs();
  return (
    <MenuRoot>
      <MenuTrigger className="icon-button" aria-label={t`Account menu`} data-menu="avatar">
        <Avatar src={user.profile_picture} alt="" size={32} />
      </MenuTrigger>
      <MenuContent>
        <MenuItem asChild>
          <Link to="/me/settings">
            <UserRound {...ICON} />
            <Trans>Profile</Trans>
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/team/subscription">
            <CreditCard {...ICON} />
            <Trans>Subscription</Trans>
          </Link>
        </MenuItem>
        <MenuItem onSelect={() => dialogs.open((c) => <SwitchTeamDialog onClose={c} />)}>
          <Repeat {...ICON} />
          <Trans>Switch team</Trans>
        </MenuItem>
        <MenuItem onSelect={() => dialogs.open((c) => <LanguageDialog onClose={c} />)}>
          <Languages {...ICON} />
          <Trans>Switch language</Trans>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/welcome">
            <CircleHelp {...ICON} />
            <Trans>Tutorial</Trans>
          </Link>
        </MenuItem>
        {showsContact(user.retweet_rate) && (
          <MenuItem onSelect={() => dialogs.open((c) => <ContactDialog onClose={c} />)}>
            <Mail {...ICON} />
            <Trans>Contact</Trans>
          </MenuItem>
        )}
        <MenuItem onSelect={() => dialogs.open((c) => <AboutDialog onClose={c} />)}>
          <Info {...ICON} />
          <Trans>About</Trans>
        </MenuItem>
        {user.grade === "admin" && (
          <MenuItem asChild>
            <Link to="/admin">
              <Shield {...ICON} />
              <Trans>Administration</Trans>
            </Link>
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem asChild>
          <Link to="/logout">
            <LogOut {...ICON} />
            <Trans>Log out</Trans>
          </Link>
        </MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}
