/**
 * The button that connects a network one way (web/src/team/connect.ts ConnectWay): a full-page navigation to the
 * connect route, the network's consent page follows, then the callback comes back. Instagram through a Facebook
 * Page is named so, with what it needs (a Page the account is connected to).
 */
import { Trans } from "@lingui/react/macro";
import { providerOf } from "../providers";
import { type ConnectWay, connectUrl } from "./connect";

export function ConnectWayButton({ way, primary = false }: { way: ConnectWay; primary?: boolean }) {
  const network = providerOf(way.provider)?.display_name ?? way.provider;
  const className = primary ? "button primary" : "button";
  const data = way.variant ? `${way.provider}:${way.variant}` : way.provider;
  return (
    <a className={className} href={connectUrl(way.provider, way.variant)} data-connect={data}>
      {way.variant === "via_facebook_page" ? (
        <Trans>Connect {network} through a Facebook Page</Trans>
      ) : (
        <Trans>Connect {network}</Trans>
      )}
    </a>
  );
}
