/**
 * What an OAuth connection came back with, said on the page it returned to (/team/accounts or the invite's page):
 * linked, or why nothing was linked, in the person's language; after a login that owns several channels, the
 * dialog to pick one. The query is then cleared so that a reload does not say it again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ChooseChannelDialog } from "../dialogs/ChooseChannelDialog";
import { useDialogs } from "../dialogs/DialogHost";
import { providerOf } from "../providers";
import { type ConnectReturn, connectReturn } from "./connect";

export function ConnectResult({ onLinked }: { onLinked?(): void }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [shown, setShown] = useState<ConnectReturn | null>(null);
  // The pick's dialog opens once: opening it changes `dialogs`, which runs this effect again before the cleared
  // query is seen (it opened again and again, each time asking for the choices).
  const opened = useRef<string | null>(null);

  useEffect(() => {
    const got = connectReturn(params);
    if (!got) return;
    setShown(got);
    navigate({ search: "" }, { replace: true });
    if (got.outcome === "linked") onLinked?.();
    if (got.outcome === "choose" && opened.current !== got.pick) {
      opened.current = got.pick;
      dialogs.open((close) => (
        <ChooseChannelDialog
          pick={got.pick}
          onClose={close}
          onLinked={(name) => {
            setShown({ outcome: "linked", provider: got.provider, account: name });
            onLinked?.();
          }}
        />
      ));
    }
  }, [params, navigate, dialogs, onLinked]);

  if (!shown || shown.outcome === "choose") return null;
  const network = providerOf(shown.provider)?.display_name ?? shown.provider;
  if (shown.outcome === "linked") {
    const account = shown.account;
    return (
      <p className="team-notice team-notice-success" role="status">
        <Trans>
          {account} ({network}) is linked to the team.
        </Trans>
      </p>
    );
  }
  const why: Record<string, string> = {
    denied: t`You did not give Fairdraw access on ${network}: nothing was linked.`,
    state: t`This connection expired or was already used: nothing was linked. Connect again.`,
    code: t`${network} refused the connection: nothing was linked. Connect again.`,
    network: t`${network} could not be reached: nothing was linked. Try again in a moment.`,
    no_channel:
      shown.variant === "via_facebook_page"
        ? t`None of the Pages of this Facebook login has an Instagram business account connected: nothing was linked. Connect the Instagram account to one of the Pages in its settings, then connect again.`
        : t`This ${network} login has no channel to link.`,
    linked: t`This account is already linked to the team.`,
    quota: t`The team has linked as many ${network} accounts as its plan allows.`,
    not_configured: t`${network} is not connected to Fairdraw on this server: its accounts are sandbox accounts.`,
    invite: t`This invitation is no longer active: nothing was linked.`,
  };
  return (
    <p className="team-notice team-notice-error" role="alert">
      {why[shown.reason] ?? why.network}
    </p>
  );
}
