/**
 * Raw HTTP/1.1 on one socket, for what fetch hides: what happens to a connection after a body refused before it
 * was read (api/refused-body.ts).
 */
import { connect } from "node:net";

/** The answers complete in what a socket received: their status lines (Content-Length or chunked bodies). */
export function answers(raw: Buffer): string[] {
  const done: string[] = [];
  let at = 0;
  while (at < raw.length) {
    const headEnd = raw.indexOf("\r\n\r\n", at);
    if (headEnd === -1) break;
    const head = raw.subarray(at, headEnd).toString("latin1");
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let end: number;
    if (length) end = headEnd + 4 + Number(length[1]);
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = raw.indexOf("\r\n0\r\n\r\n", headEnd + 2);
      if (last === -1) break;
      end = last + 7;
    } else end = headEnd + 4;
    if (end > raw.length) break;
    done.push(head);
    at = end;
  }
  return done;
}

/**
 * Sends raw HTTP/1.1 on one socket: a POST with a body of `size` bytes (declared, or chunked), then, once its
 * answer is read, a GET on the same connection, unless the answer said `Connection: close` (then our side is
 * closed). Answers the heads received, and the socket error that ended it or whether the connection closed.
 */
export function refusedThenNext(
  port: number,
  size: number,
  opts: { chunked?: boolean } = {},
): Promise<{ heads: string[]; error?: string; closed?: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let raw = Buffer.alloc(0);
    let asked = false;
    const timer = setTimeout(() => socket.destroy(new Error("no second answer in 20 s")), 20_000);
    socket.on("data", (d: Buffer) => {
      raw = Buffer.concat([raw, d]);
      const heads = answers(raw);
      if (!asked && heads.length === 1) {
        asked = true;
        // An answer that closes the connection: nothing more is sent on it, our side is closed too.
        if (/\r\nconnection: *close/i.test(heads[0] ?? "")) socket.end();
        else socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      }
      if (heads.length === 2) {
        clearTimeout(timer);
        socket.end();
        resolve({ heads });
      }
    });
    socket.on("error", (err) => {
      clearTimeout(timer);
      resolve({ heads: answers(raw), error: err.message });
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ heads: answers(raw), closed: true });
    });
    socket.write(
      "POST /api/v1/auth/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        (opts.chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${size}\r\n\r\n`),
    );
    if (!opts.chunked) socket.write(Buffer.alloc(size, 0x20));
    else {
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let sent = 0; sent < size; sent += chunk.length) {
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write("\r\n");
      }
      socket.write("0\r\n\r\n");
    }
  });
}
