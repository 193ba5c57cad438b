/**
 * The realtime hub: the sockets of signed-in browsers connected to this process, by user and by team, and the
 * pushes of app-shell.md §7 (add_notification, refresh_user, load_contest). Sockets are registered by the
 * WebSocket route (api/routes/ws.ts).
 *
 * What callers ask (toUser, toTeam, moveUser, closeSession, closeUser) goes through the bus (realtime-bus.ts) to
 * every process, this one included, once the transaction under way commits (never for a rolled-back change);
 * each process applies it to its own sockets. On SQLite the bus is this process alone.
 */
import { afterCommit } from "../db/transaction";
import {
  type Audience,
  type BusReceiver,
  inProcessBus,
  type RealtimeBus,
  type RealtimeEvent,
  type RealtimeMessage,
} from "./realtime-bus";

export type { RealtimeEvent } from "./realtime-bus";

export type RealtimeSocket = { send(data: string): void; close(code?: number, reason?: string): void };

type Client = { socket: RealtimeSocket; userId: string; teamId: string | null; sessionId: string };

export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly bus: RealtimeBus;
  private readonly loadNotification: (id: string) => Promise<unknown | undefined>;
  private readonly started: Promise<void>;

  constructor(
    opts: {
      bus?: RealtimeBus;
      /** A notification as add_notification carries it, by id (for those too large for the bus). */
      loadNotification?: (id: string) => Promise<unknown | undefined>;
    } = {},
  ) {
    this.bus = opts.bus ?? inProcessBus();
    this.loadNotification = opts.loadNotification ?? (async () => undefined);
    const receiver: BusReceiver = {
      deliver: (message) => this.deliver(message),
      resync: () => this.sendLocal(() => true, { type: "refresh_user" }),
    };
    this.started = this.bus.start(receiver);
    // A bus that fails to start is reported by ready(); nothing else waits on it.
    this.started.catch(() => undefined);
  }

  /** Resolves once this process hears the bus (the server waits for it before listening). */
  ready(): Promise<void> {
    return this.started;
  }

  /**
   * Resolves once this process heard back and delivered every message it sent so far (at once on SQLite): a test
   * awaits it before asserting what a socket heard, on either engine.
   */
  settled(): Promise<void> {
    return this.bus.settled();
  }

  /** Stops hearing the bus, after the messages already asked for are sent. */
  close(): Promise<void> {
    return this.bus.close();
  }

  add(socket: RealtimeSocket, who: { userId: string; teamId: string | null; sessionId: string }): () => void {
    const client = { socket, ...who };
    this.clients.add(client);
    return () => this.clients.delete(client);
  }

  /** A user switched team: their sockets now hear the new team's events. */
  moveUser(userId: string, teamId: string | null): void {
    this.publish({ kind: "move", userId, teamId });
  }

  toUser(userId: string, event: RealtimeEvent): void {
    this.publish({ kind: "send", to: { userId }, event });
  }

  toTeam(teamId: string, event: RealtimeEvent): void {
    this.publish({ kind: "send", to: { teamId }, event });
  }

  /** Closes the sockets of a session that ended (logout, deleted user). */
  closeSession(sessionId: string): void {
    this.publish({ kind: "close_session", sessionId });
  }

  /** Closes every socket of a user (account deleted). */
  closeUser(userId: string): void {
    this.publish({ kind: "close_user", userId });
  }

  /** The sockets connected to this process. */
  get size(): number {
    return this.clients.size;
  }

  private publish(message: RealtimeMessage): void {
    afterCommit(() => this.bus.publish(message));
  }

  /** Applies a message heard on the bus to this process's sockets. */
  async deliver(message: RealtimeMessage): Promise<void> {
    switch (message.kind) {
      case "send":
        this.sendLocal(matches(message.to), message.event);
        return;
      case "send_notification": {
        const notification = await this.loadNotification(message.notificationId);
        if (notification !== undefined) {
          this.sendLocal(matches(message.to), { type: "add_notification", notification });
        }
        return;
      }
      case "move":
        for (const c of this.clients) if (c.userId === message.userId) c.teamId = message.teamId;
        return;
      case "close_session":
        this.closeLocal((c) => c.sessionId === message.sessionId);
        return;
      case "close_user":
        this.closeLocal((c) => c.userId === message.userId);
        return;
    }
  }

  private closeLocal(match: (c: Client) => boolean): void {
    for (const c of this.clients) {
      if (!match(c)) continue;
      c.socket.close(4401, "session ended");
      this.clients.delete(c);
    }
  }

  private sendLocal(match: (c: Client) => boolean, event: RealtimeEvent): void {
    const data = JSON.stringify(event);
    for (const c of this.clients) {
      if (!match(c)) continue;
      try {
        c.socket.send(data);
      } catch {
        this.clients.delete(c);
      }
    }
  }
}

function matches(to: Audience): (c: Client) => boolean {
  return "userId" in to ? (c) => c.userId === to.userId : (c) => c.teamId === to.teamId;
}
