/**
 * The files a drawn contest's /verify page offers (docs/draw.md "Anyone re-runs it"): the revealed seed, the
 * entrants list and a checksum file of both, each with its name and its SHA-256 side by side. The bytes are the
 * ones the procedure hashes (no line break at the end), so `sha256sum` of the seed file is the commitment
 * published before the start, that of the list file the list's fingerprint, and `sha256sum -c` of the checksum
 * file checks the two others.
 */
import { entrantsListText, type FrozenListRead, sha256Hex } from "../../../engine/lifecycle";

export type VerifyDownload = {
  kind: "seed" | "list" | "hashes";
  filename: string;
  text: string;
  sha256: string;
};

export function verifyDownloads(
  contestId: string,
  seed: string,
  entrants: readonly string[],
  reads: readonly FrozenListRead[] = [],
): VerifyDownload[] {
  const file = (kind: VerifyDownload["kind"], filename: string, text: string): VerifyDownload => ({
    kind,
    filename,
    text,
    sha256: sha256Hex(text),
  });
  const seedFile = file("seed", `seed-${contestId}.txt`, seed);
  const listFile = file("list", `entrants-${contestId}.txt`, entrantsListText(entrants, reads));
  // The format sha256sum writes and reads: the hash, two spaces, the file name; one file a line.
  const sums = [seedFile, listFile].map((f) => `${f.sha256}  ${f.filename}\n`).join("");
  return [seedFile, listFile, file("hashes", `sha256sums-${contestId}.txt`, sums)];
}
