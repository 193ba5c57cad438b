/**
 * Before a post of X (Twitter) is imported (app-shell.md §2 "twitter registration notice"): X limits what an
 * application may read of a post, so the import is registered now and the entries can only be read from posts
 * that are still public; the person confirms they understood, optionally once for all.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Checkbox } from "../components/Checkbox";
import { Modal } from "./Modal";

export const TWITTER_NOTICE_KEY = "fairdraw.twitterNoticeSeen";

/** Whether the person asked not to see the notice again (kept in this browser). */
export function twitterNoticeSeen(): boolean {
  try {
    return globalThis.localStorage?.getItem(TWITTER_NOTICE_KEY) === "1";
  } catch {
    return false;
  }
}

export function TwitterRegistrationNoticeDialog({
  onClose,
  onContinue,
}: {
  onClose(): void;
  onContinue(): void;
}) {
  const { t } = useLingui();
  const [remember, setRemember] = useState(false);
  const go = () => {
    if (remember) {
      try {
        globalThis.localStorage?.setItem(TWITTER_NOTICE_KEY, "1");
      } catch {
        // private browsing: the notice shows again next time
      }
    }
    onContinue();
  };
  return (
    <Modal
      title={t`Contests on X (Twitter)`}
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button primary" onClick={go}>
            <Trans>I understand, continue</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>
          X (Twitter) limits what applications may read. The post is registered when you import it: its
          replies, reposts and likes can be read as long as the post stays public and its author does not
          restrict who may reply.
        </Trans>
      </p>
      <p>
        <Trans>
          Import the post before the contest ends, and keep it online until the winners are drawn.
        </Trans>
      </p>
      <Checkbox checked={remember} onChange={setRemember}>
        <Trans>Don't show this again</Trans>
      </Checkbox>
    </Modal>
  );
}
