/**
 * What a driver is given to keep and read outside the network (api/services implements them on the database and
 * the upload store): where a load stopped, a quota's units, an upload's bytes. One place, so no network's folder
 * imports another's.
 */

/** Where a source's last load stopped (the network's own cursor shape), so the next one resumes there. */
export interface CheckpointStore<T> {
  load(contestId: string, sourceId: string): Promise<T | null>;
  save(contestId: string, sourceId: string, checkpoint: T): Promise<void>;
}

/** A network's daily quota (units per project and day): spent, read, and paused until its reset. */
export interface QuotaLedger {
  spend(project: string, day: string, units: number): Promise<void>;
  spent(project: string, day: string): Promise<number>;
  /** Loads wait until then (ISO); null: not paused. */
  pausedUntil(project: string, day: string): Promise<string | null>;
  pause(project: string, day: string, until: string): Promise<void>;
}

export type MediaFile = { bytes: Uint8Array; mime: string; alt: string };

/** An upload's bytes, for a network that takes media by upload. */
export interface MediaReader {
  read(uploadId: string): Promise<MediaFile | null>;
}
