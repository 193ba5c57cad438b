/**
 * The frame of the public verify pages (/verify/…, no sign-in): the logo home and the language choice above the
 * page's own content, so a visitor from a contest post reads the proof in their language.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageSelect } from "../../components/LanguageSelect";
import "../../contest/contests.css";
import "../../lifecycle/lifecycle.css";

export function VerifyFrame({ children }: { children: ReactNode }) {
  return (
    <div className="verify-page">
      <header className="verify-header">
        <Link to="/" className="logo">
          Fairdraw
        </Link>
        <LanguageSelect />
      </header>
      <main id="main" className="verify-main">
        {children}
      </main>
    </div>
  );
}
