/**
 * Which address a request comes from, for the limits and the shortlink visitor count: the socket's peer, unless
 * TRUST_PROXY names that peer as a proxy of ours; then X-Forwarded-For is read from the right (the entries our
 * proxies appended) and the nearest address that is not one of our proxies counts. Entries further left were
 * written by the client and prove nothing.
 */
import { BlockList, isIP } from "node:net";
import type { Context } from "hono";
import type { AppEnv } from "./context";

export type TrustedProxies = { contains(address: string): boolean };

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return {
    contains(address) {
      const plain = unmapped(address);
      const type = isIP(plain);
      if (type === 0) return false;
      return list.check(plain, type === 6 ? "ipv6" : "ipv4");
    },
  };
}

/** ::ffff:127.0.0.1 (an IPv4 peer on a dual-stack socket) → 127.0.0.1. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m?.[1] ?? address;
}

/** The socket's peer, or undefined for a request made in-process (app.request in tests: no network at all). */
export function socketAddress(c: Context<AppEnv>): string | undefined {
  // @hono/node-server passes the Node request as c.env.incoming.
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = bindings?.incoming?.socket?.remoteAddress;
  return address ? unmapped(address) : undefined;
}

/** The client's address as TRUST_PROXY says to read it; undefined for an in-process request. */
export function clientAddress(c: Context<AppEnv>, proxies: TrustedProxies): string | undefined {
  const peer = socketAddress(c);
  if (peer === undefined || !proxies.contains(peer)) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => unmapped(s.trim()))
    .filter((s) => s !== "");
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i] as string;
    if (isIP(hop) === 0) return peer; // a garbled chain: believe only what we saw
    if (!proxies.contains(hop)) return hop;
  }
  return forwarded[0] ?? peer;
}

export function isLoopbackAddress(address: string): boolean {
  return address === "::1" || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/** The address of this request's client (TRUST_PROXY applied); undefined in-process. */
export function requestAddress(c: Context<AppEnv>): string | undefined {
  return clientAddress(c, c.get("deps").proxies);
}

/**
 * The key a per-address limit counts under: an IPv4 address as it is, an IPv6 address by its /64 (one home or
 * one server gets a whole /64 and could otherwise step through its addresses to reset the count).
 */
export function addressLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = address.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The request's client as the per-address limits count it (addressLimitKey); undefined in-process. */
export function limitAddress(c: Context<AppEnv>): string | undefined {
  const address = requestAddress(c);
  return address === undefined ? undefined : addressLimitKey(address);
}
