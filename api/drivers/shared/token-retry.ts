/**
 * One way for every driver's API client to use an account's token: call with it; when the network answers that it
 * refused that token (expired early, revoked and re-granted…), ask the keeper once for another (TokenKeeper
 * refreshes unless another process already did) and call again. A second refusal is the client's own error.
 */

/** What an attempt answers when the network refused the token it was given and a retry is allowed. */
export const TOKEN_REFUSED: unique symbol = Symbol("token refused");

export async function withToken<T>(
  token: (refused?: string) => Promise<string>,
  /** `retry`: whether answering TOKEN_REFUSED gets another try (false on the last). */
  attempt: (token: string, retry: boolean) => Promise<T | typeof TOKEN_REFUSED>,
): Promise<T> {
  const first = await token();
  const answer = await attempt(first, true);
  if (answer !== TOKEN_REFUSED) return answer;
  const again = await attempt(await token(first), false);
  if (again === TOKEN_REFUSED) throw new Error("a last attempt answered TOKEN_REFUSED");
  return again;
}
