/**
 * Signing in with a network (docs/decisions/038), beside the e-mail code: a button for each network this server
 * has configured (GET /auth/networks), each a full-page link to /api/v1/auth/sign_in/{provider} (the network's
 * consent page, then back), and what a failed attempt's `?signin=error&reason=…` means, in the person's language.
 */

import marks from "virtual:provider-marks";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { api, unwrap } from "../../api/client";

export type SignInNetwork = { provider: string; display_name: string; color: string; icon: string };

/** The configured networks; [] while loading or when the call fails (the e-mail code still works). */
export function useSignInNetworks(): SignInNetwork[] {
  const [networks, setNetworks] = useState<SignInNetwork[]>([]);
  useEffect(() => {
    let live = true;
    unwrap(api.auth.networks.$get())
      .then((body) => {
        if (live) setNetworks(body.data as SignInNetwork[]);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return networks;
}

/** The network's glyph in white on its colour, or its initial. */
export function NetworkMark({ network }: { network: SignInNetwork }) {
  const mark = marks[network.icon];
  return (
    <span className="provider-mark" style={{ backgroundColor: network.color }} aria-hidden="true">
      {mark ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={mark.path} fill="currentColor" />
        </svg>
      ) : (
        network.display_name.charAt(0).toUpperCase()
      )}
    </span>
  );
}

export function signInHref(provider: string, next: string | null): string {
  const base = `/api/v1/auth/sign_in/${encodeURIComponent(provider)}`;
  return next ? `${base}?next=${encodeURIComponent(next)}` : base;
}

/** The buttons, under an "or" rule; nothing when no network is configured. */
export function NetworkSignInButtons({ networks, next }: { networks: SignInNetwork[]; next: string | null }) {
  if (networks.length === 0) return null;
  return (
    <div className="network-sign-in">
      <p className="auth-or">
        <span>
          <Trans>or</Trans>
        </span>
      </p>
      <ul>
        {networks.map((n) => {
          const name = n.display_name;
          return (
            <li key={n.provider}>
              <a
                className="button network-button"
                href={signInHref(n.provider, next)}
                data-network={n.provider}
              >
                <NetworkMark network={n} />
                <span>
                  <Trans>Continue with {name}</Trans>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What `reason` means for a sign-in with `name`; null for a reason this page does not know. */
export function useSignInProblem(): (reason: string | null, name: string) => string | null {
  const { t } = useLingui();
  return useCallback(
    (reason: string | null, name: string) => {
      switch (reason) {
        case "denied":
          return t`You cancelled signing in with ${name}. Nothing was shared with Fairdraw.`;
        case "state":
          return t`That sign-in attempt expired or was already used. Please try again.`;
        case "code":
        case "token":
          return t`${name} could not confirm who you are. Please try again.`;
        case "network":
          return t`${name} could not be reached. Try again in a moment, or sign in with an e-mail code.`;
        case "unverified":
          return t`${name} did not share a verified e-mail address with us. Sign in with an e-mail code, then add ${name} in your settings to use it next time.`;
        case "taken":
          return t`This ${name} login already signs in another Fairdraw account.`;
        case "not_configured":
          return t`Signing in with ${name} is not available on this server.`;
        default:
          return reason ? t`Signing in with ${name} did not work. Please try again.` : null;
      }
    },
    [t],
  );
}
