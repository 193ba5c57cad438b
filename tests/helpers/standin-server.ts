/**
 * What every HTTP stand-in of a network shares: a server on 127.0.0.1 (a free port, or the one it had before a
 * restart), the request log the tests count calls in, the wire log they search for tokens in clear text, and the
 * `problems` they assert empty. A stand-in extends it and writes `handle`, the network's own part.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** `body`: the request's text (empty for a GET or a binary body), for a test that reads what was sent. */
export type Logged = { method: string; path: string; query: Record<string, string>; body: string };

export abstract class StandInServer {
  server!: Server;
  url = "";
  readonly problems: string[] = [];
  /** Every request: method, path, query, body; for the tests that count calls. */
  readonly log: Logged[] = [];
  /** Every body and header value received and sent, for the tests that look for tokens in clear text. */
  readonly wire: string[] = [];
  #port = 0;

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<unknown>;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.problems.push(`stand-in crashed: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(this.#port, "127.0.0.1", resolve));
    this.#port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.#port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server?.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** How many requests named "METHOD /path" it received. */
  calls(operation: string): number {
    return this.log.filter((l) => `${l.method} ${l.path}` === operation).length;
  }

  /**
   * The request's body (nothing for a GET), its text (unless binary) and header values written to the wire log,
   * the call to the request log under `path` (a network whose version prefix is optional logs it without).
   */
  protected async receive(
    req: IncomingMessage,
    url: URL,
    o: { path?: string; binary?: boolean } = {},
  ): Promise<Buffer> {
    const chunks: Buffer[] = [];
    if (req.method !== "GET") for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = o.binary ? "" : raw.toString("utf8");
    this.wire.push(body, ...Object.values(req.headers).map(String));
    const path = o.path ?? url.pathname;
    this.log.push({ method: req.method ?? "", path, query: Object.fromEntries(url.searchParams), body });
    return raw;
  }

  /** An answer: text goes as HTML, anything else as JSON; what goes is written to the wire log. */
  protected send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    this.wire.push(text);
    res.writeHead(status, {
      "content-type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json",
      ...headers,
    });
    res.end(text);
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
