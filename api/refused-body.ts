/**
 * A request answered before its body was read (a 413 from the body limit, a refused upload, a 401 on a POST):
 * the rest of the body is still on the connection. @hono/node-server's own clean-up reads it for 500 ms and then
 * destroys the socket under the client, after having answered `Connection: keep-alive`: the client (a load
 * balancer reusing the connection for someone else's request) then gets ECONNRESET on its next request.
 *
 * Here instead (api/server.ts turns the library's clean-up off and wraps the app's fetch with this):
 * - a body of a declared length up to DRAIN_MAX_BYTES is read to its end and thrown away after the answer, and
 *   the connection stays open for the next request (given up after DRAIN_TIMEOUT_MS: a client that slow is
 *   cut off);
 * - a larger or unsized (chunked) one is answered with `Connection: close`, and the connection is closed in
 *   stages (RFC 9112 §9.6): our side is shut after the answer, what the client still sends is read and dropped
 *   until it closes its side (or LINGER_MS), so the close never turns into a reset that loses the answer.
 */
import { IncomingMessage } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";

/** The largest rest of a refused body read to keep its connection (a 4 MB JSON body or upload part is). */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** How long reading a refused body's rest may take before the connection is cut. */
export const DRAIN_TIMEOUT_MS = 15_000;
/** How long a connection closed after a refused body waits for the client to close its side. */
export const LINGER_MS = 5_000;

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** Whether the rest of the body is small enough to read (its length declared, at most DRAIN_MAX_BYTES). */
function drainable(incoming: IncomingMessage): boolean {
  const declared = Number(incoming.headers["content-length"]);
  return Number.isFinite(declared) && declared <= DRAIN_MAX_BYTES;
}

/** Reads and drops what is left of the body; `limitMs` later, still unfinished, the socket is cut. */
function discardRest(incoming: IncomingMessage, limitMs: number, onLate: () => void): void {
  // As Node's own IncomingMessage._dump: whoever was reading (the web stream of the request) stops.
  incoming.removeAllListeners("data");
  const timer = setTimeout(onLate, limitMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  incoming.once("end", done);
  incoming.once("close", done);
  incoming.on("data", () => {});
  incoming.resume();
}

/** Closes in stages: the answer and our FIN go out, the client's rest is read until it closes (or LINGER_MS). */
function lingeringClose(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  // Node's server ends the socket after a `Connection: close` answer and destroys it once written, unread data
  // and all (a reset): the destroy is left to the client's FIN, or to the linger's end.
  socket.removeListener("finish", socket.destroy);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
  discardRest(incoming, LINGER_MS, () => socket.destroy());
  socket.resume();
}

/** Wraps the app's fetch: an answer given before the body was read leaves the connection usable or closed cleanly. */
export function finishRefusedBodies(fetch: Fetch): Fetch {
  return async (request, env) => {
    const response = await fetch(request, env);
    const { incoming, outgoing } = env;
    // HTTP/1.1 only: an HTTP/2 stream is closed on its own, the connection kept.
    if (!(incoming instanceof IncomingMessage) || !incoming.readable || incoming.complete) return response;
    const keep = drainable(incoming);
    outgoing.once("finish", () => {
      if (incoming.complete) return;
      if (keep) discardRest(incoming, DRAIN_TIMEOUT_MS, () => incoming.socket.destroy());
      else lingeringClose(incoming);
    });
    if (keep) return response;
    const headers = new Headers(response.headers);
    headers.set("Connection", "close");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
