/**
 * The app's public address (PUBLIC_URL), which the server writes into index.html: the links the app hands out
 * (invites) use it, as the e-mails do, whatever address the person's browser is on. Without it (the Vite dev
 * server), the page's own origin.
 */
export function publicUrl(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="fairdraw-public-url"]')?.content;
  return (meta || doc.location?.origin || "").replace(/\/+$/, "");
}
