/**
 * People on the real AT Protocol network of the tests: accounts created on its PDS (a handle of their own under
 * .test, so the files sharing the network never meet), with a profile record and an app password, and what they do
 * (post, like, repost, reply, quote, follow, block, change handle), each through the PDS as a client would.
 */
import { randomBytes } from "node:crypto";
import { AtpAgent } from "@atproto/api";

export type Person = {
  did: string;
  handle: string;
  /** The account's own password (what its owner signs in with). */
  password: string;
  /** An app password, what Fairdraw is linked with. */
  appPassword: string;
  agent: AtpAgent;
};
export type PostRef = { uri: string; cid: string };

/** A new account `name-xxxxxx.test`, with a profile (display name, creation date) and an app password. */
export async function createPerson(
  pds: string,
  name: string,
  profile: { displayName?: string; createdAt?: string } = {},
): Promise<Person> {
  const agent = new AtpAgent({ service: pds });
  const handle = `${name}-${randomBytes(3).toString("hex")}.test`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await agent.createAccount({ handle, email: `${handle}@example.com`, password });
  const did = agent.session?.did;
  if (!did) throw new Error("createAccount answered no session");
  await agent.com.atproto.repo.putRecord({
    repo: did,
    collection: "app.bsky.actor.profile",
    rkey: "self",
    record: {
      $type: "app.bsky.actor.profile",
      displayName: profile.displayName ?? name,
      createdAt: profile.createdAt ?? new Date().toISOString(),
    },
  });
  const app = await agent.com.atproto.server.createAppPassword({ name: "fairdraw" });
  return { did, handle, password, appPassword: app.data.password, agent };
}

export async function post(person: Person, text: string): Promise<PostRef> {
  const made = await person.agent.post({ text, createdAt: new Date().toISOString() });
  return { uri: made.uri, cid: made.cid };
}

export async function reply(person: Person, parent: PostRef, text: string, root = parent): Promise<PostRef> {
  const made = await person.agent.post({
    text,
    reply: { root, parent },
    createdAt: new Date().toISOString(),
  });
  return { uri: made.uri, cid: made.cid };
}

export async function quote(person: Person, quoted: PostRef, text: string): Promise<PostRef> {
  const made = await person.agent.post({
    text,
    embed: { $type: "app.bsky.embed.record", record: quoted },
    createdAt: new Date().toISOString(),
  });
  return { uri: made.uri, cid: made.cid };
}

export const like = (person: Person, p: PostRef) => person.agent.like(p.uri, p.cid);
export const repost = (person: Person, p: PostRef) => person.agent.repost(p.uri, p.cid);
export const follow = (person: Person, subject: Person) => person.agent.follow(subject.did);

export async function block(person: Person, subject: Person): Promise<void> {
  await person.agent.app.bsky.graph.block.create(
    { repo: person.did },
    { subject: subject.did, createdAt: new Date().toISOString() },
  );
}

/** The account takes a new handle (com.atproto.identity.updateHandle); answers it. */
export async function renameHandle(person: Person, name: string): Promise<string> {
  const handle = `${name}-${randomBytes(3).toString("hex")}.test`;
  await person.agent.com.atproto.identity.updateHandle({ handle });
  person.handle = handle;
  return handle;
}

export const rkeyOf = (uri: string) => uri.split("/").pop() as string;
