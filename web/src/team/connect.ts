/**
 * Connecting an account by OAuth (api/routes/account-connect.ts): which networks this server connects, the
 * full-page navigation that starts it, what the callback's return says (`connect=linked|choose|error`, `reason`),
 * and the channel pick after a login that owns several.
 */
import { useEffect, useState } from "react";
import { api, unwrap } from "../api/client";

/**
 * One way to connect a network here: its own login (no variant), or a login variant through another network's
 * (Instagram through a Facebook Page: `via_facebook_page`).
 */
export type ConnectWay = { provider: string; variant?: string };

/** The ways this server connects by OAuth (the networks whose client is configured); the others stay the sandbox. */
export async function listConnectWays(): Promise<ConnectWay[]> {
  const answer = await unwrap(api.accounts.connectable.$get());
  return answer.data as ConnectWay[];
}

/** The connect ways, once loaded (empty meanwhile or when the call fails: the sandbox is offered). */
export function useConnectWays(): ConnectWay[] {
  const [list, setList] = useState<ConnectWay[]>([]);
  useEffect(() => {
    let live = true;
    listConnectWays()
      .then((l) => {
        if (live) setList(l);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** The networks connected by OAuth here, by any way. */
export function useConnectable(): string[] {
  return [...new Set(useConnectWays().map((w) => w.provider))];
}

/** Where the browser goes to connect a team account (a full-page navigation: the network's page follows). */
export const connectUrl = (provider: string, variant?: string) =>
  `/api/v1/teams/current/accounts/connect/${encodeURIComponent(provider)}${
    variant ? `?variant=${encodeURIComponent(variant)}` : ""
  }`;
/** The same for an account invite's holder. */
export const inviteConnectUrl = (key: string) => `/api/v1/invites/${encodeURIComponent(key)}/connect`;

export type ConnectReturn =
  | { outcome: "linked"; provider: string; account: string }
  | { outcome: "choose"; provider: string; pick: string }
  | { outcome: "error"; provider: string; reason: string; variant: string | null };

/** What the callback's 302 said, from the page's query; null when the page was not reached from it. */
export function connectReturn(params: URLSearchParams): ConnectReturn | null {
  const provider = params.get("provider") ?? "";
  switch (params.get("connect")) {
    case "linked":
      return { outcome: "linked", provider, account: params.get("account") ?? "" };
    case "choose":
      return { outcome: "choose", provider, pick: params.get("pick") ?? "" };
    case "error":
      return {
        outcome: "error",
        provider,
        reason: params.get("reason") ?? "network",
        variant: params.get("variant"),
      };
    default:
      return null;
  }
}

export type ChannelChoice = {
  external_id: string;
  name: string;
  screen_name: string;
  profile_picture: string | null;
  url: string | null;
  /** Instagram through a Facebook Page: the Page it comes through. */
  through?: string;
};

export async function getChoices(pick: string): Promise<{ provider: string; choices: ChannelChoice[] }> {
  return (await unwrap(api.accounts.connect.choices[":pick"].$get({ param: { pick } }))) as {
    provider: string;
    choices: ChannelChoice[];
  };
}

export async function pickChoice(pick: string, externalId: string): Promise<{ linked: { name: string } }> {
  const args = { param: { pick }, json: { external_id: externalId } };
  return (await unwrap(api.accounts.connect.choices[":pick"].$post(args as { param: { pick: string } }))) as {
    linked: { name: string };
  };
}
