/**
 * Bluesky's event stream, read for entries as they happen (issue 25): the repository firehose
 * (com.atproto.sync.subscribeRepos of a PDS or relay, CBOR, read with @atproto/sync) or Jetstream (its JSON form,
 * what production uses: a URL ending in /subscribe). Each record created is turned into a touch (touchOf): a like,
 * repost, reply or quote of a post, or a follow of an account; the caller says which subjects it watches.
 * The stream only tells that something happened: the loads read and date the entries (entries.ts), so a missed
 * event costs latency, never an entry.
 */
import WebSocket from "ws";

export type Touch = {
  kind: "like" | "repost" | "reply" | "quote" | "follow";
  /** Who did it (a DID). */
  by: string;
  /** What it touched: a post's at:// URI, or the DID followed. */
  subject: string;
};

export const STREAM_COLLECTIONS = [
  "app.bsky.feed.like",
  "app.bsky.feed.repost",
  "app.bsky.feed.post",
  "app.bsky.graph.follow",
];

const uriOf = (v: unknown): string | null => {
  const uri = (v as { uri?: unknown } | null | undefined)?.uri;
  return typeof uri === "string" ? uri : null;
};

/** What a created record touches, or null (a post that is neither a reply nor a quote, another collection). */
export function touchOf(by: string, collection: string, record: unknown): Touch | null {
  const r = (record ?? {}) as Record<string, unknown>;
  if (collection === "app.bsky.feed.like" || collection === "app.bsky.feed.repost") {
    const subject = uriOf(r.subject);
    return subject ? { kind: collection.endsWith("like") ? "like" : "repost", by, subject } : null;
  }
  if (collection === "app.bsky.graph.follow") {
    return typeof r.subject === "string" ? { kind: "follow", by, subject: r.subject } : null;
  }
  if (collection !== "app.bsky.feed.post") return null;
  // A reply counts for the post it answers directly (depth 1, entries.ts).
  const parent = uriOf((r.reply as { parent?: unknown } | undefined)?.parent);
  if (parent) return { kind: "reply", by, subject: parent };
  const embed = r.embed as { $type?: string; record?: unknown } | undefined;
  if (embed?.$type === "app.bsky.embed.record") {
    const quoted = uriOf(embed.record);
    return quoted ? { kind: "quote", by, subject: quoted } : null;
  }
  if (embed?.$type === "app.bsky.embed.recordWithMedia") {
    const quoted = uriOf((embed.record as { record?: unknown } | undefined)?.record);
    return quoted ? { kind: "quote", by, subject: quoted } : null;
  }
  return null;
}

export type StreamOptions = {
  /** ws(s):// of a firehose host (subscribeRepos is added), or a Jetstream URL ending in /subscribe. */
  url: string;
  onTouch: (touch: Touch) => void;
  onError: (err: Error) => void;
};

/** Reads the stream until stopped; reconnects by itself. Answers how to stop it. */
export function subscribeStream(opts: StreamOptions): () => Promise<void> {
  return new URL(opts.url).pathname.endsWith("/subscribe") ? jetstream(opts) : firehose(opts);
}

/**
 * The firehose's CBOR frames are read with @atproto/sync (with @atproto/identity, dependencies pinned to the versions
 * @atproto/dev-env brings): imported only when a firehose URL is configured, since Jetstream needs only ws.
 */
function firehose(opts: StreamOptions): () => Promise<void> {
  const started = (async () => {
    const [{ Firehose }, { IdResolver }] = await Promise.all([
      import("@atproto/sync"),
      import("@atproto/identity"),
    ]);
    const stream = new Firehose({
      service: opts.url,
      idResolver: new IdResolver(),
      // Authenticity is the loads' business (they read the AppView): the stream only says when to load.
      unauthenticatedCommits: true,
      unauthenticatedHandles: true,
      excludeIdentity: true,
      excludeAccount: true,
      excludeSync: true,
      filterCollections: STREAM_COLLECTIONS,
      subscriptionReconnectDelay: 1000,
      handleEvent: (evt) => {
        if (evt.event !== "create") return;
        const touch = touchOf(evt.did, evt.collection, evt.record);
        if (touch) opts.onTouch(touch);
      },
      onError: opts.onError,
    });
    void stream.start();
    return stream;
  })();
  started.catch((err: unknown) => opts.onError(err as Error));
  return async () => {
    const stream = await started.catch(() => null);
    await stream?.destroy();
  };
}

function jetstream(opts: StreamOptions): () => Promise<void> {
  const url = new URL(opts.url);
  for (const c of STREAM_COLLECTIONS) url.searchParams.append("wantedCollections", c);
  let socket: WebSocket | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = () => {
    socket = new WebSocket(url);
    socket.on("message", (data) => {
      try {
        const msg = JSON.parse(String(data)) as {
          did?: string;
          kind?: string;
          commit?: { operation?: string; collection?: string; record?: unknown };
        };
        if (msg.kind !== "commit" || msg.commit?.operation !== "create" || !msg.did) return;
        const touch = touchOf(msg.did, msg.commit.collection ?? "", msg.commit.record);
        if (touch) opts.onTouch(touch);
      } catch (err) {
        opts.onError(err as Error);
      }
    });
    socket.on("error", (err) => opts.onError(err));
    socket.on("close", () => {
      if (!stopped) retry = setTimeout(open, 1000);
    });
  };
  open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
