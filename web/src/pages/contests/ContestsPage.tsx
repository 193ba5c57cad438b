/** /contests/ (app-shell.md §2): the team's contests, with the ways to make a new one. */
import { useLingui } from "@lingui/react/macro";
import { useBuilder } from "../../builder/BuilderHost";
import { ContestsList } from "../../contest/ContestsList";
import "../../contest/contests.css";
import { NewContestActions } from "../../contest/NewContestActions";
import { usePageTitle } from "../../usePageTitle";

export function ContestsHeader({ title }: { title: string }) {
  const builder = useBuilder();
  return (
    <div className="page-head">
      <h1>{title}</h1>
      <div className="page-actions">
        <NewContestActions onCreate={() => builder.open()} />
      </div>
    </div>
  );
}

export default function ContestsPage() {
  const { t } = useLingui();
  usePageTitle(t`Contests`);
  return (
    <>
      <ContestsHeader title={t`Contests`} />
      <ContestsList />
    </>
  );
}
