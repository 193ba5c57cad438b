/** TRUST_PROXY: which address a request counts as, for the limits and the shortlink unique visitors. */

import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { addressLimitKey, clientAddress, trustedProxies } from "../../api/client-address";
import type { AppEnv } from "../../api/context";

function request(peer: string | undefined, forwarded?: string): Context<AppEnv> {
  return {
    env: peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } },
    req: { header: (name: string) => (name === "x-forwarded-for" ? forwarded : undefined) },
  } as unknown as Context<AppEnv>;
}

describe("clientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    const none = trustedProxies([]);
    expect(clientAddress(request("203.0.113.5", "1.2.3.4"), none)).toBe("203.0.113.5");
    expect(clientAddress(request("::ffff:203.0.113.5"), none)).toBe("203.0.113.5");
    expect(clientAddress(request(undefined), none)).toBeUndefined();
  });

  it("reads X-Forwarded-For from the right, past the trusted proxies only", () => {
    const proxies = trustedProxies(["127.0.0.1", "10.0.0.0/8"]);
    // client → 10.1.2.3 (a proxy of ours) → 127.0.0.1 (nginx on this machine)
    expect(clientAddress(request("127.0.0.1", "198.51.100.7, 10.1.2.3"), proxies)).toBe("198.51.100.7");
    // a forged entry on the left is ignored: the nearest untrusted one counts
    expect(clientAddress(request("127.0.0.1", "6.6.6.6, 198.51.100.7"), proxies)).toBe("198.51.100.7");
    // a peer that is not one of our proxies is believed, its header is not
    expect(clientAddress(request("203.0.113.9", "198.51.100.7"), proxies)).toBe("203.0.113.9");
    // all hops trusted: the leftmost
    expect(clientAddress(request("127.0.0.1", "10.0.0.9"), proxies)).toBe("10.0.0.9");
    // garbage in the chain: only what the socket saw
    expect(clientAddress(request("127.0.0.1", "not-an-ip"), proxies)).toBe("127.0.0.1");
    expect(clientAddress(request("127.0.0.1"), proxies)).toBe("127.0.0.1");
  });

  it("takes IPv6 ranges", () => {
    const proxies = trustedProxies(["fd00::/8"]);
    expect(clientAddress(request("fd00::1", "2001:db8::5"), proxies)).toBe("2001:db8::5");
  });
});

describe("addressLimitKey", () => {
  it("counts IPv4 addresses one by one and IPv6 ones by their /64", () => {
    expect(addressLimitKey("203.0.113.5")).toBe("203.0.113.5");
    expect(addressLimitKey("2001:db8:0:1::5")).toBe("2001:db8:0:1::/64");
    expect(addressLimitKey("2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(addressLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressLimitKey("::1")).toBe("0:0:0:0::/64");
  });
});
