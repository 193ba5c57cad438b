/**
 * Connecting an account by OAuth (api/routes/account-connect.ts): which networks this server connects, the
 * full-page navigation that starts it, what the callback's return says (`connect=linked|choose|error`, `reason`),
 * and the channel pick after a login that owns several.
 */
import { useEffect, useState } from "react";
import { api, unwrap } from "../api/client";

/** The networks connected by OAuth here (their client configured); the others stay the sandbox. */
export async function listConnectable(): Promise<string[]> {
  const answer = await unwrap(api.accounts.connectable.$get());
  return answer.data.map((d: { provider: string }) => d.provider);
}

/** The connectable networks, once loaded (empty meanwhile or when the call fails: the sandbox is offered). */
export function useConnectable(): string[] {
  const [list, setList] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    listConnectable()
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

/** Where the browser goes to connect a team account (a full-page navigation: the network's page follows). */
export const connectUrl = (provider: string) =>
  `/api/v1/teams/current/accounts/connect/${encodeURIComponent(provider)}`;
/** The same for an account invite's holder. */
export const inviteConnectUrl = (key: string) => `/api/v1/invites/${encodeURIComponent(key)}/connect`;

export type ConnectReturn =
  | { outcome: "linked"; provider: string; account: string }
  | { outcome: "choose"; provider: string; pick: string }
  | { outcome: "error"; provider: string; reason: string };

/** What the callback's 302 said, from the page's query; null when the page was not reached from it. */
export function connectReturn(params: URLSearchParams): ConnectReturn | null {
  const provider = params.get("provider") ?? "";
  switch (params.get("connect")) {
    case "linked":
      return { outcome: "linked", provider, account: params.get("account") ?? "" };
    case "choose":
      return { outcome: "choose", provider, pick: params.get("pick") ?? "" };
    case "error":
      return { outcome: "error", provider, reason: params.get("reason") ?? "network" };
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
