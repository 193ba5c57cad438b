// Placeholder until the builder overlay lands (issue 7). Loaded lazily by BuilderHost.
import type { Origin } from "../../../engine/builder/origin";

export type ContestBuilderProps = { origin: Origin; onClose(): void };

export default function ContestBuilder({ onClose }: ContestBuilderProps) {
  return (
    <div className="builder" role="dialog" aria-modal="true" aria-label="Contest builder">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
