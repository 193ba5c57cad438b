/**
 * The frame of the public verify pages (/verify/…, no sign-in): the logo home and the language choice above the
 * page's own content, so a visitor from a contest post reads the proof in their language.
 */
import type { ReactNode } from "react";
import { LanguageSelect } from "../../components/LanguageSelect";
import "../../contest/contests.css";
import "../../lifecycle/lifecycle.css";
import { Logo } from "../../components/Logo";

export function VerifyFrame({ children }: { children: ReactNode }) {
  return (
    <div className="verify-page">
      <header className="verify-header">
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" className="verify-main">
        {children}
      </main>
    </div>
  );
}
