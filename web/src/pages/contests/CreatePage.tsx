/**
 * /contests/create (app-shell.md §2): opens the builder on arrival, over the contests list; when the builder
 * closes, the address becomes /contests/. Without the permission to create contests, the list alone shows with
 * a word on why.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useBuilder } from "../../builder/BuilderHost";
import { ContestsList } from "../../contest/ContestsList";
import "../../contest/contests.css";
import { useSession } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";
import { ContestsHeader } from "./ContestsPage";

export default function CreatePage() {
  const { t } = useLingui();
  usePageTitle(t`Create a contest`);
  const session = useSession();
  const builder = useBuilder();
  const navigate = useNavigate();
  const allowed = session.can("team.contests.create_contests");
  const requested = useRef(false);
  const seenOpen = useRef(false);
  const { isOpen, open } = builder;

  useEffect(() => {
    if (!allowed || requested.current) return;
    requested.current = true;
    open();
  }, [allowed, open]);

  // The builder was open and closed: the person is done here.
  useEffect(() => {
    if (isOpen) seenOpen.current = true;
    else if (seenOpen.current) void navigate("/contests/", { replace: true });
  }, [isOpen, navigate]);

  return (
    <>
      <ContestsHeader title={t`Create a contest`} />
      {!allowed && (
        <p className="notice" role="status">
          <Trans>You don't have the permission to create contests in this team.</Trans>
        </p>
      )}
      <ContestsList />
    </>
  );
}
