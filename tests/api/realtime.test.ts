import { once } from "node:events";
import { createConnection } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createApp } from "../../api/app";
import { teamMembers } from "../../api/db/tables";
import { notify } from "../../api/services/notifications";
import { startTestServer } from "../helpers/server";
import { createTestApp, type TestApp } from "../helpers/test-app";

const WAIT_MS = 10_000;

type Message = { type: string; [key: string]: unknown };

/** An open socket with what it has received; `next` waits (bounded) for a message that matches. */
type Connection = {
  socket: WebSocket;
  received: Message[];
  next(match: (m: Message) => boolean): Promise<Message>;
  closed: Promise<number>;
};

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

/** Opens a socket: the HTTP status when the handshake is refused, the connection when it opens. */
function connect(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ status: number } | { connection: Connection }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/v1/ws`, { headers });
    sockets.push(socket);
    const received: Message[] = [];
    const listeners = new Set<() => void>();
    let closeCode: number | null = null;
    const closeWaiters = new Set<(code: number) => void>();
    const timer = setTimeout(() => reject(new Error("the handshake did not finish in time")), WAIT_MS);
    socket.on("error", () => {}); // a refused or terminated handshake; its outcome is reported below
    socket.on("unexpected-response", (req, res) => {
      clearTimeout(timer);
      res.resume();
      req.destroy();
      resolve({ status: res.statusCode ?? 0 });
    });
    socket.on("message", (data) => {
      try {
        received.push(JSON.parse(data.toString("utf8")) as Message);
      } catch {
        received.push({ type: "(not JSON)", raw: data.toString("utf8") });
      }
      for (const l of listeners) l();
    });
    socket.on("close", (code) => {
      closeCode = code;
      for (const w of closeWaiters) w(code);
    });
    socket.on("open", () => {
      clearTimeout(timer);
      resolve({
        connection: {
          socket,
          received,
          next: (match) =>
            new Promise((ok, fail) => {
              const check = () => {
                const found = received.find(match);
                if (!found) return;
                listeners.delete(check);
                clearTimeout(limit);
                ok(found);
              };
              const limit = setTimeout(() => {
                listeners.delete(check);
                fail(new Error(`no such message within ${WAIT_MS} ms; got ${JSON.stringify(received)}`));
              }, WAIT_MS);
              listeners.add(check);
              check();
            }),
          closed: new Promise((ok, fail) => {
            if (closeCode !== null) return ok(closeCode);
            const limit = setTimeout(() => fail(new Error(`still open after ${WAIT_MS} ms`)), WAIT_MS);
            closeWaiters.add((code) => {
              clearTimeout(limit);
              ok(code);
            });
          }),
        },
      });
    });
  });
}

async function open(baseUrl: string, headers: Record<string, string>): Promise<Connection> {
  const outcome = await connect(baseUrl, headers);
  if ("status" in outcome) throw new Error(`the handshake was refused with ${outcome.status}`);
  return outcome.connection;
}

/** Resolves once `condition` holds, checking every 10 ms for at most WAIT_MS. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < WAIT_MS; waited += 10) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

type HttpSession = {
  cookie: string;
  userId: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
};

/** Signs in over HTTP like a browser: asks for a code, reads it in the dev mailbox, verifies it. */
async function signInOverHttp(baseUrl: string, email: string, name: string): Promise<HttpSession> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await post("/api/v1/auth/email", { email })).status).toBe(204);
  const mailbox = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as {
    data: { to: string; text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(mailbox.data.find((m) => m.to === email)?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const verified = await post("/api/v1/auth/verify", { email, code, name });
  expect(verified.status).toBe(201);
  const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { _id } = (await verified.json()) as { _id: string };
  const csrfRes = await fetch(`${baseUrl}/api/v1/refresh_csrf`, { headers: { cookie } });
  const { csrf_token } = (await csrfRes.json()) as { csrf_token: string };
  return {
    cookie,
    userId: _id,
    call: (method, path, body) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          cookie,
          "x-csrf-token": csrf_token,
          "x-requested-with": "XMLHttpRequest",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

describe("the WebSocket of the real server (api/server.ts)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let ann: HttpSession;
  let origin: string;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: false });
    origin = server.url;
    ann = await signInOverHttp(server.url, "ann@brand.example", "Ann");
  });
  afterAll(() => server.stop());

  it("refuses the handshake without a session cookie with 401", async () => {
    expect(await connect(server.url, { origin })).toEqual({ status: 401 });
    expect(await connect(server.url, { origin, cookie: "fd_session=forged" })).toEqual({ status: 401 });
  });

  it("refuses a foreign or missing Origin with 403 (cross-site WebSocket hijacking)", async () => {
    const cookie = ann.cookie;
    expect(await connect(server.url, { cookie, origin: "https://evil.example" })).toEqual({ status: 403 });
    expect(await connect(server.url, { cookie, origin: "http://127.0.0.1:1" })).toEqual({ status: 403 });
    expect(await connect(server.url, { cookie, origin: "null" })).toEqual({ status: 403 });
    expect(await connect(server.url, { cookie })).toEqual({ status: 403 });
    // The same host and port over another scheme is another site (the app is served over http here).
    const host = new URL(server.url).host;
    expect(await connect(server.url, { cookie, origin: `https://${host}` })).toEqual({ status: 403 });
  });

  it("answers a plain HTTP request to the socket's path with 400", async () => {
    const res = await fetch(`${server.url}/api/v1/ws`, { headers: { cookie: ann.cookie, origin } });
    expect(res.status).toBe(400);
  });

  it("answers {type: pong} to {type: ping} and ignores anything else", async () => {
    const c = await open(server.url, { cookie: ann.cookie, origin });
    c.socket.send("not json {");
    c.socket.send(JSON.stringify({ type: "subscribe", team: "someone-else's" }));
    c.socket.send(JSON.stringify(["ping"]));
    c.socket.send(JSON.stringify({ type: "ping" }));
    await c.next((m) => m.type === "pong");
    expect(c.received).toEqual([{ type: "pong" }]);
    expect(c.socket.readyState).toBe(1);
  });

  it("keeps serving when a client resets the connection while its handshake is checked", async () => {
    // A page navigating away drops its socket mid-handshake: the reset must be heard, not end the process.
    const uncaught: unknown[] = [];
    const hear = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", hear);
    try {
      const { port } = new URL(server.url);
      const client = createConnection({ host: "127.0.0.1", port: Number(port) });
      await once(client, "connect");
      client.write(
        "GET /api/v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" +
          "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" +
          `Origin: ${origin}\r\nCookie: ${ann.cookie}\r\n\r\n`,
      );
      // Sent at once with the request: the server reads the reset while it checks the session.
      client.resetAndDestroy();
      await once(client, "close");
      // The server answers after the reset was read, and nothing was thrown.
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", hear);
    }
  });

  it("closes the session's sockets on logout, and refuses the old cookie afterwards", async () => {
    const other = await signInOverHttp(server.url, "bo@brand.example", "Bo");
    const c = await open(server.url, { cookie: other.cookie, origin });
    expect((await other.call("POST", "/api/v1/auth/logout")).status).toBe(204);
    expect(await c.closed).toBe(4401);
    expect(await connect(server.url, { cookie: other.cookie, origin })).toEqual({ status: 401 });
  });
});

describe("pushes from the realtime hub", () => {
  let t: TestApp;
  let server: ServerType;
  let baseUrl: string;
  const origin = "https://app.fairdraw.test";
  beforeAll(async () => {
    // The app of createTestApp, served for real with its WebSocket, so the test can reach its deps (notify).
    t = await createTestApp({ env: { publicUrl: `${origin}/` } });
    const { app, injectWebSocket } = createApp(t.deps);
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    injectWebSocket(server);
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.cleanup();
  });

  async function teamOf(s: HttpSession): Promise<string> {
    const me = (await (await s.call("GET", "/api/v1/users/me")).json()) as { current_team_id: string };
    return me.current_team_id;
  }

  it("accepts PUBLIC_URL's origin, and forgets the socket once it is closed", async () => {
    const ann = await signInOverHttp(baseUrl, "ann@hub.example", "Ann");
    const c = await open(baseUrl, { cookie: ann.cookie, origin });
    await until(() => t.deps.realtime.size === 1, "the socket to be registered");
    c.socket.terminate();
    await until(() => t.deps.realtime.size === 0, "the socket to be forgotten");
  });

  it("pushes add_notification when notify() targets the user, and not to anyone else", async () => {
    const ann = await signInOverHttp(baseUrl, "ann2@hub.example", "Ann");
    const bo = await signInOverHttp(baseUrl, "bo2@hub.example", "Bo");
    const annSocket = await open(baseUrl, { cookie: ann.cookie, origin });
    const boSocket = await open(baseUrl, { cookie: bo.cookie, origin });
    await until(() => t.deps.realtime.size === 2, "both sockets to be registered");
    const row = await notify(t.deps, { userId: ann.userId }, { key: "welcome", data: { name: "Ann" } });
    const pushed = await annSocket.next((m) => m.type === "add_notification");
    expect(pushed.notification).toMatchObject({
      _id: row.id,
      team_id: null,
      read: false,
      content: { key: "welcome", data: { name: "Ann" } },
    });
    // Bo hears his own pong and nothing before it.
    boSocket.socket.send(JSON.stringify({ type: "ping" }));
    await boSocket.next((m) => m.type === "pong");
    expect(boSocket.received).toEqual([{ type: "pong" }]);
  });

  it("pushes add_notification to every member's socket when notify() targets their current team", async () => {
    const ann = await signInOverHttp(baseUrl, "ann3@hub.example", "Ann");
    const team = await teamOf(ann);
    const first = await open(baseUrl, { cookie: ann.cookie, origin });
    const second = await open(baseUrl, { cookie: ann.cookie, origin });
    await until(() => t.deps.realtime.size === 2, "both sockets to be registered");
    await notify(t.deps, { teamId: team }, { key: "contestStarted" });
    for (const c of [first, second]) {
      const pushed = await c.next((m) => m.type === "add_notification");
      expect(pushed.notification).toMatchObject({ team_id: team, content: { key: "contestStarted" } });
    }
  });

  it("pushes refresh_user after switch_team, and from then on the new team's notifications only", async () => {
    const ann = await signInOverHttp(baseUrl, "ann4@hub.example", "Ann");
    const bo = await signInOverHttp(baseUrl, "bo4@hub.example", "Bo");
    const annTeam = await teamOf(ann);
    const boTeam = await teamOf(bo);
    await t.db
      .insert(teamMembers)
      .values({ teamId: boTeam, userId: ann.userId, role: "member", createdAt: new Date().toISOString() });
    const c = await open(baseUrl, { cookie: ann.cookie, origin });
    await until(() => t.deps.realtime.size === 1, "the socket to be registered");
    expect((await ann.call("POST", "/api/v1/users/switch_team", { team_id: boTeam })).status).toBe(200);
    await c.next((m) => m.type === "refresh_user");
    await notify(t.deps, { teamId: annTeam }, { key: "oldTeam" });
    await notify(t.deps, { teamId: boTeam }, { key: "newTeam" });
    const pushed = await c.next((m) => m.type === "add_notification");
    expect(pushed.notification).toMatchObject({ team_id: boTeam, content: { key: "newTeam" } });
    expect(c.received.map((m) => m.type)).toEqual(["refresh_user", "add_notification"]);
  });

  afterEach(async () => {
    for (const s of sockets.splice(0)) s.terminate();
    await until(() => t.deps.realtime.size === 0, "every socket to be forgotten");
  });
});
