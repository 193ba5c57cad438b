/**
 * /verify/:contestId (issue 8, public, no sign-in): anyone checks a contest's draw in their browser
 * (GET /verify/{contestId}; VerifyView does the checks). In every interface language, with the language choice.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { ApiError } from "../../api/errors";
import { fetchVerify } from "../../lifecycle/api";
import { useCall } from "../../lifecycle/useCall";
import { VerifyView } from "../../lifecycle/VerifyView";
import { usePageTitle } from "../../usePageTitle";
import { VerifyFrame } from "./VerifyFrame";

export default function VerifyPage() {
  const { t } = useLingui();
  const { contestId = "" } = useParams();
  const proof = useCall(() => fetchVerify(contestId), [contestId]);
  usePageTitle(proof.data ? t`Verify the draw of ${proof.data.name}` : t`Verify a draw`);

  let body: React.ReactNode;
  if (proof.data) {
    body = <VerifyView data={proof.data} />;
  } else if (proof.error) {
    const missing = proof.error instanceof ApiError && proof.error.status === 404;
    body = (
      <div className="page-state" role="alert">
        <h1>{missing ? <Trans>This contest does not exist</Trans> : <Trans>Verify a draw</Trans>}</h1>
        {missing ? (
          <p>
            <Trans>Check the link: no contest has this address.</Trans>
          </p>
        ) : (
          <>
            <p>
              <Trans>The draw could not be loaded.</Trans>{" "}
              {proof.error instanceof Error ? proof.error.message : null}
            </p>
            <button type="button" className="button" onClick={() => void proof.reload()}>
              <Trans>Try again</Trans>
            </button>
          </>
        )}
      </div>
    );
  } else {
    body = (
      <p className="page-state" role="status">
        <Trans>Loading the draw…</Trans>
      </p>
    );
  }

  return <VerifyFrame>{body}</VerifyFrame>;
}
