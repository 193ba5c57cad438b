/**
 * The tokens of the builder's texts (contest-builder.md §5, the weighted_length rule; api/services/publications.ts
 * fills them when publishing) and the sample values the preview shows in their place: {SEED} the first 16 hex
 * characters of the draw's commitment, {DRAW_LINK} the public verification link, {NAME} the winner's name (private
 * message), {WINNERS} the winners' handles; a number token such as {1} stands for an 18-character value.
 */
import { PLACEHOLDER_WEIGHTS } from "../../../../engine/text/twitter-length";

export const TOKEN_PATTERN = /\{(SEED|DRAW_LINK|NAME|WINNERS|\d+)\}/g;

export const SAMPLE_SEED = "3f9a1c0b7d2e4f60";
export const SAMPLE_DRAW_LINK = "https://fairdraw.example/verify/0190a1b2c3d4000012ab34cd";
/** The id a new contest's link shows until it has its own (ids are 24 hex characters, api/ids.ts). */
export const SAMPLE_CONTEST_ID = "0190a1b2c3d4000012ab34cd";

/**
 * What a post's {DRAW_LINK} will carry (api/services/publications.ts verifyUrl): the app's public address, then
 * /verify/ and the contest's id (a sample id until the contest exists). Without the address, the sample link.
 */
export function drawLinkOf(publicUrl: string | undefined, contestId: string | null): string {
  if (!publicUrl) return SAMPLE_DRAW_LINK;
  return `${publicUrl.replace(/\/+$/, "")}/verify/${encodeURIComponent(contestId ?? SAMPLE_CONTEST_ID)}`;
}
export const SAMPLE_NAME = "Alex";
/** As many digits as the weight the length rule gives a number token. */
export const SAMPLE_NUMBER = "1234567890".repeat(2).slice(0, PLACEHOLDER_WEIGHTS.number);

/** The winners' handles for a contest of `nbWinners` (at most three shown, then an ellipsis). */
export function sampleWinners(nbWinners: number): string {
  const n = Math.max(1, Math.floor(Number.isFinite(nbWinners) ? nbWinners : 1));
  const handles = Array.from({ length: Math.min(n, 3) }, (_, i) => `@winner_${i + 1}`);
  return n > 3 ? `${handles.join(", ")}, …` : handles.join(", ");
}

/**
 * The sample value of a token's name ("SEED", "DRAW_LINK", "3", ...); {DRAW_LINK} the link the post will carry,
 * {WINNERS} the winners' handles once they are known.
 */
export function sampleOf(
  token: string,
  nbWinners: number,
  drawLink: string = SAMPLE_DRAW_LINK,
  winners?: string,
): string {
  switch (token) {
    case "SEED":
      return SAMPLE_SEED;
    case "DRAW_LINK":
      return drawLink;
    case "NAME":
      return SAMPLE_NAME;
    case "WINNERS":
      return winners ?? sampleWinners(nbWinners);
    default:
      return SAMPLE_NUMBER;
  }
}
