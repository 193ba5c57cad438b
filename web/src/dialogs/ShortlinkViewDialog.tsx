/** A shortlink (app-shell.md §2 "shortlink view"): its details and a way to its page. */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { Shortlink } from "../../../codegen/types";
import { useSession } from "../session/session";
import { shortlinkPath } from "../team/format";
import { ShortlinkDetails } from "../team/ShortlinkDetails";
import { STATISTICS_FEATURE } from "../team/shortlinks";
import { Modal } from "./Modal";

export function ShortlinkViewDialog({ shortlink, onClose }: { shortlink: Shortlink; onClose(): void }) {
  const { t } = useLingui();
  const session = useSession();
  return (
    <Modal
      title={t`Shortlink`}
      onClose={onClose}
      footer={
        <>
          <Link to={shortlinkPath(shortlink)} className="button" onClick={onClose}>
            <Trans>Open its page</Trans>
          </Link>
          <button type="button" className="button primary" onClick={onClose}>
            <Trans>Done</Trans>
          </button>
        </>
      }
    >
      <ShortlinkDetails shortlink={shortlink} statistics={session.hasFeature(STATISTICS_FEATURE)} />
    </Modal>
  );
}
