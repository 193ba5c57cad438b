import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { ContestBase } from "../../codegen/types";
import { api } from "./api/client";
import { ContestBaseCard } from "./components/ContestBaseCard";
import { LanguageSelect } from "./components/LanguageSelect";
import { usePageTitle } from "./usePageTitle";

type Load = { state: "loading" } | { state: "ready"; base: ContestBase } | { state: "failed" };

export function App() {
  const { t } = useLingui();
  usePageTitle(t`Home`);
  const [load, setLoad] = useState<Load>({ state: "loading" });

  useEffect(() => {
    let alive = true;
    api["contest-builder"].defaults
      .$get()
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const { base } = await res.json();
        if (alive) setLoad({ state: "ready", base });
      })
      .catch(() => alive && setLoad({ state: "failed" }));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <>
      <header className="app-header">
        <span className="logo">Fairdraw</span>
        <LanguageSelect />
      </header>
      <main>
        <h1>
          <Trans>Fair giveaways on every network</Trans>
        </h1>
        <p>
          <Trans>A new contest starts with these settings:</Trans>
        </p>
        {load.state === "loading" && (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
        {load.state === "failed" && (
          <p role="alert">
            <Trans>The server could not be reached.</Trans>
          </p>
        )}
        {load.state === "ready" && <ContestBaseCard base={load.base} />}
      </main>
    </>
  );
}
