/**
 * The realtime hub: the sockets of signed-in browsers, by user and by team, and the pushes of app-shell.md §7
 * (add_notification, refresh_user, load_contest). Sockets are registered by the WebSocket route (api/routes/ws.ts).
 */
export type RealtimeEvent =
  | { type: "add_notification"; notification: unknown }
  | { type: "refresh_user" }
  | { type: "load_contest"; contest_id: string };

export type RealtimeSocket = { send(data: string): void; close(code?: number, reason?: string): void };

type Client = { socket: RealtimeSocket; userId: string; teamId: string | null; sessionId: string };

export class RealtimeHub {
  private readonly clients = new Set<Client>();

  add(socket: RealtimeSocket, who: { userId: string; teamId: string | null; sessionId: string }): () => void {
    const client = { socket, ...who };
    this.clients.add(client);
    return () => this.clients.delete(client);
  }

  /** A user switched team: their sockets now hear the new team's events. */
  moveUser(userId: string, teamId: string | null): void {
    for (const c of this.clients) if (c.userId === userId) c.teamId = teamId;
  }

  toUser(userId: string, event: RealtimeEvent): void {
    this.send((c) => c.userId === userId, event);
  }

  toTeam(teamId: string, event: RealtimeEvent): void {
    this.send((c) => c.teamId === teamId, event);
  }

  /** Closes the sockets of a session that ended (logout, deleted user). */
  closeSession(sessionId: string): void {
    for (const c of this.clients) {
      if (c.sessionId === sessionId) {
        c.socket.close(4401, "session ended");
        this.clients.delete(c);
      }
    }
  }

  /** Closes every socket of a user (account deleted). */
  closeUser(userId: string): void {
    for (const c of this.clients) {
      if (c.userId === userId) {
        c.socket.close(4401, "session ended");
        this.clients.delete(c);
      }
    }
  }

  get size(): number {
    return this.clients.size;
  }

  private send(match: (c: Client) => boolean, event: RealtimeEvent) {
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
