/**
 * The product's illustrations: one style for the empty states, the welcome screens, the error pages and the
 * winners — a soft disc, objects drawn in one line weight on paper, two or three accents (the theme's --illu-*
 * roles, so they follow dark mode). Inline SVG: no request, no stock image. Decorative: hidden from screen
 * readers, the text beside them says what they show.
 */
import type { ReactNode } from "react";

export type IllustrationName = "tickets" | "welcome" | "trophy" | "lost" | "locked" | "broken" | "card";

/** Confetti around a scene (the same pieces wherever something is celebrated). */
const Confetti = () => (
  <g className="illu-confetti">
    <rect className="illu-a2" x="30" y="34" width="8" height="4" rx="2" transform="rotate(-30 34 36)" />
    <rect className="illu-a3" x="162" y="30" width="8" height="4" rx="2" transform="rotate(25 166 32)" />
    <circle className="illu-a1" cx="170" cy="70" r="3.5" />
    <circle className="illu-a2" cx="26" cy="84" r="3" />
    <path className="illu-stroke-a1" d="M150 18l4 6M46 18l-3 7" />
  </g>
);

const SCENES: Record<IllustrationName, ReactNode> = {
  // Two raffle tickets: nothing drawn yet, a contest to start.
  tickets: (
    <>
      <g transform="rotate(-10 86 84)">
        <path className="illu-paper illu-line" d="M44 60h84v14a10 10 0 0 0 0 20v14H44V94a10 10 0 0 0 0-20z" />
        <path className="illu-dash" d="M68 62v44" />
      </g>
      <g transform="rotate(8 118 96)">
        <path
          className="illu-paper illu-line"
          d="M74 72h84v14a10 10 0 0 0 0 20v14H74v-14a10 10 0 0 0 0-20z"
        />
        <path className="illu-dash" d="M98 74v44" />
        <path
          className="illu-a1"
          d="M128 86l3.2 6.6 7.3 1-5.3 5.1 1.3 7.2-6.5-3.4-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1z"
        />
      </g>
      <circle className="illu-a2" cx="160" cy="48" r="4" />
      <circle className="illu-a3" cx="40" cy="124" r="3" />
    </>
  ),
  // A gift with its ribbon, and confetti.
  welcome: (
    <>
      <Confetti />
      <rect className="illu-paper illu-line" x="58" y="74" width="84" height="58" rx="6" />
      <rect className="illu-a1 illu-line" x="52" y="58" width="96" height="20" rx="5" />
      <path className="illu-a3-fill illu-line" d="M92 58h16v74H92z" />
      <path
        className="illu-line illu-none"
        d="M100 58c-8-20-30-18-26-6 3 7 18 6 26 6zm0 0c8-20 30-18 26-6-3 7-18 6-26 6z"
      />
    </>
  ),
  // A cup with a star: the winners.
  trophy: (
    <>
      <Confetti />
      <path className="illu-none illu-line" d="M70 60H56v8c0 12 10 20 22 20M130 60h14v8c0 12-10 20-22 20" />
      <path className="illu-a2 illu-line" d="M70 46h60v32c0 17-13 30-30 30S70 95 70 78z" />
      <path className="illu-paper" d="M100 60l4 8.2 9 1.3-6.5 6.3 1.5 9-8-4.2-8 4.2 1.5-9-6.5-6.3 9-1.3z" />
      <path
        className="illu-paper illu-line"
        d="M92 108h16v12H92zM80 120h40a4 4 0 0 1 4 4v6H76v-6a4 4 0 0 1 4-4z"
      />
    </>
  ),
  // A signpost pointing both ways: a page that is not where one looked.
  lost: (
    <>
      <path className="illu-line illu-none" d="M100 42v92" />
      <path className="illu-paper illu-line" d="M100 50h44l10 10-10 10h-44z" />
      <path className="illu-a1 illu-line" d="M100 80H56l-10 10 10 10h44z" />
      <path className="illu-line illu-none" d="M76 134h48" />
      <circle className="illu-a2" cx="150" cy="112" r="4" />
      <circle className="illu-a3" cx="48" cy="56" r="3" />
    </>
  ),
  // A padlock: a page behind a permission or a sign-in.
  locked: (
    <>
      <path className="illu-line illu-none" d="M78 78V62a22 22 0 0 1 44 0v16" />
      <rect className="illu-paper illu-line" x="64" y="78" width="72" height="56" rx="10" />
      <circle className="illu-a1" cx="100" cy="101" r="7" />
      <path className="illu-stroke-a1" d="M100 106v12" />
      <circle className="illu-a2" cx="150" cy="56" r="4" />
      <circle className="illu-a3" cx="48" cy="110" r="3" />
    </>
  ),
  // A ticket torn in two: something broke on our side.
  broken: (
    <>
      <g transform="rotate(-12 70 92)">
        <path
          className="illu-paper illu-line"
          d="M40 70h50l-6 8 6 8-6 8 6 8-6 8 6 8H40v-14a10 10 0 0 0 0-20z"
        />
      </g>
      <g transform="rotate(10 132 92)">
        <path className="illu-a1 illu-line" d="M108 70h50v14a10 10 0 0 0 0 20v14h-50l6-8-6-8 6-8-6-8 6-8z" />
      </g>
      <path className="illu-stroke-a3" d="M100 40v10M86 46l5 8M114 46l-5 8" />
    </>
  ),
  // A bank card: a payment to settle.
  card: (
    <>
      <rect className="illu-paper illu-line" x="48" y="58" width="104" height="68" rx="10" />
      <path className="illu-a1" d="M49 74h102v14H49z" />
      <rect className="illu-a2" x="62" y="100" width="22" height="14" rx="3" />
      <path className="illu-line illu-none" d="M96 108h40" />
      <circle className="illu-a3" cx="160" cy="46" r="4" />
    </>
  ),
};

export function Illustration({ name, size = 160 }: { name: IllustrationName; size?: number }) {
  return (
    <svg
      className="illustration"
      data-illustration={name}
      viewBox="0 0 200 160"
      width={size}
      height={(size * 160) / 200}
      aria-hidden="true"
      focusable="false"
    >
      <ellipse className="illu-bg" cx="100" cy="88" rx="78" ry="66" />
      {SCENES[name]}
    </svg>
  );
}
