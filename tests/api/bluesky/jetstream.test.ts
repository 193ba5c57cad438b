/**
 * The Jetstream form of the event stream (production's): JSON commits over a WebSocket, asked for the four
 * collections an entry can come from. No Jetstream runs locally: a WebSocket server on 127.0.0.1 sends what
 * Jetstream sends (its documented commit event shape).
 */
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { STREAM_COLLECTIONS, subscribeStream, type Touch } from "../../../api/drivers/bluesky/stream";

let server: WebSocketServer | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe("the Jetstream stream", () => {
  it("asks for the entry collections and turns a created like into a touch, ignoring deletes", async () => {
    let asked = "";
    server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    server.on("connection", (socket, req) => {
      asked = req.url ?? "";
      const commit = (operation: string) =>
        JSON.stringify({
          did: "did:plc:alice",
          time_us: 1_795_000_000_000_000,
          kind: "commit",
          commit: {
            rev: "3l3qo2vutsw2b",
            operation,
            collection: "app.bsky.feed.like",
            rkey: "3l3qo2vuowo2b",
            record: {
              $type: "app.bsky.feed.like",
              createdAt: "2026-11-28T06:00:00.000Z",
              subject: { uri: "at://did:plc:brand/app.bsky.feed.post/3k", cid: "bafy" },
            },
            cid: "bafyre",
          },
        });
      socket.send(commit("delete"));
      socket.send(commit("create"));
    });
    await new Promise((r) => server?.once("listening", r));
    const port = (server.address() as AddressInfo).port;
    const touches: Touch[] = [];
    const errors: Error[] = [];
    const stop = subscribeStream({
      url: `ws://127.0.0.1:${port}/subscribe`,
      onTouch: (t) => touches.push(t),
      onError: (e) => errors.push(e),
    });
    await expect.poll(() => touches.length).toBe(1);
    await stop();
    expect(touches).toEqual([
      { kind: "like", by: "did:plc:alice", subject: "at://did:plc:brand/app.bsky.feed.post/3k" },
    ]);
    expect(new URL(asked, "ws://x").searchParams.getAll("wantedCollections")).toEqual(STREAM_COLLECTIONS);
    expect(errors).toEqual([]);
  });
});
