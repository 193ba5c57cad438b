/**
 * /verify/method (public, no sign-in): the exact method of every draw, docs/draw.md itself (the file the engine's
 * tests hold to), with its reference code and test vectors, so that anyone can re-implement the draw. The page's
 * frame is translated; the method is the English text of the repository, and says so.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Markdown } from "markdown-to-jsx";
import method from "../../../../docs/draw.md?raw";
import { usePageTitle } from "../../usePageTitle";
import { VerifyFrame } from "./VerifyFrame";

/**
 * Raw HTML in the document is shown as text, never run. Code blocks scroll sideways on a phone, so each is
 * focusable: a keyboard user can scroll it too.
 */
const OPTIONS = {
  forceBlock: true,
  disableParsingRawHTML: true,
  overrides: { pre: { props: { tabIndex: 0 } } },
} as const;

export default function VerifyMethodPage() {
  const { t } = useLingui();
  usePageTitle(t`How a Fairdraw draw works`);
  return (
    <VerifyFrame>
      <div className="verify stack">
        <p className="notice info" role="note">
          <Trans>
            This is the exact method every Fairdraw draw follows, with reference code and test vectors to
            re-implement it. It is published in English, as the code's documentation.
          </Trans>
        </p>
        <article className="card verify-method" lang="en" dir="ltr">
          <Markdown options={OPTIONS}>{method}</Markdown>
        </article>
      </div>
    </VerifyFrame>
  );
}
