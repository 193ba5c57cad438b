/**
 * /components (app-shell.md §2): a living catalogue of the widgets of web/src/widgets for the team — each one
 * working, in the states it has (hold, loading, dangerous and disabled buttons; the three countdown colours;
 * valid and invalid code inputs; a picture and its fallback; grids of 1 to 4 media; prices in the four
 * currencies; the plan star), with what it is for. The stories (stories/) hold the same states for tests.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { usePageTitle } from "../usePageTitle";
import { Avatar } from "../widgets/Avatar";
import { CodeInput } from "../widgets/CodeInput";
import { CopyButton } from "../widgets/CopyButton";
import { Countdown } from "../widgets/Countdown";
import { FeatureStar } from "../widgets/FeatureStar";
import { HoldButton, type HoldState } from "../widgets/HoldButton";
import { MediaGrid, type MediaItem } from "../widgets/MediaGrid";
import { type Currency, Price } from "../widgets/Price";
import "./components.css";

/** A square picture of one colour, drawn inline (no file to serve, allowed by the CSP's data: images). */
function swatch(colour: string, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="${colour}"/><text x="80" y="92" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const MEDIA: MediaItem[] = [
  { url: swatch("#4338ca", "1"), type: "image" },
  { url: swatch("#0f766e", "2"), type: "image" },
  { url: swatch("#b45309", "3"), type: "image" },
  { url: swatch("#be185d", "4"), type: "image" },
];

const CURRENCIES: Currency[] = ["eur", "usd", "jpy", "sar"];

function Entry({
  id,
  name,
  children,
  about,
}: {
  id: string;
  name: string;
  about: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="catalogue-entry card" aria-labelledby={`widget-${id}`}>
      <h2 id={`widget-${id}`}>
        <code>{name}</code>
      </h2>
      <p className="muted">{about}</p>
      <div className="catalogue-examples">{children}</div>
    </section>
  );
}

function Example({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <figure className="catalogue-example">
      <div className="catalogue-sample">{children}</div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** A hold button that pretends to call the API for a second, then says so and goes back to hold. */
function HoldDemo({ dangerous = false }: { dangerous?: boolean }) {
  const { t } = useLingui();
  const [state, setState] = useState<HoldState>("hold");
  const [confirmed, setConfirmed] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <HoldButton
        dangerous={dangerous}
        state={state}
        onConfirm={() => {
          setState("loading");
          timer.current = setTimeout(() => {
            setState("hold");
            setConfirmed((n) => n + 1);
          }, 1000);
        }}
      >
        {dangerous ? t`Delete` : t`Confirm`}
      </HoldButton>
      <span role="status" className="catalogue-note">
        {confirmed > 0 ? <Trans>Confirmed {confirmed} times</Trans> : ""}
      </span>
    </>
  );
}

function CodeDemo({ length, digits }: { length?: number; digits?: boolean }) {
  const { t } = useLingui();
  const [value, setValue] = useState("");
  const size = length ?? 4;
  const invalid = value.length > 0 && value.length < size;
  return (
    <>
      <CodeInput
        value={value}
        onChange={setValue}
        length={length}
        pattern={digits ? /\d/ : undefined}
        label={digits ? t`Six-digit code` : t`Four characters`}
        invalid={invalid}
      />
      <span className="catalogue-note" role="status">
        {value.length === size ? <Trans>Complete: {value}</Trans> : ""}
      </span>
    </>
  );
}

export default function ComponentsPage() {
  const { t } = useLingui();
  usePageTitle(t`Components`);
  // The countdowns' targets, fixed once so that they count down.
  const [at] = useState(() => Date.now());
  const inSeconds = (s: number) => new Date(at + s * 1000).toISOString();

  return (
    <div className="catalogue">
      <h1>
        <Trans>Components</Trans>
      </h1>
      <p>
        <Trans>
          The widgets the pages are built from, working, in each of their states. Use them instead of writing
          a new one; their code is in web/src/widgets.
        </Trans>
      </p>
      <nav aria-label={t`Widgets`} className="catalogue-index">
        <ul>
          {[
            "HoldButton",
            "Countdown",
            "CodeInput",
            "Avatar",
            "CopyButton",
            "MediaGrid",
            "Price",
            "FeatureStar",
          ].map((name) => (
            <li key={name}>
              <a href={`#widget-${name}`}>
                <code>{name}</code>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Entry
        id="HoldButton"
        name="HoldButton"
        about={
          <Trans>
            A button held down (mouse, touch, or Space/Enter) for 2.5 seconds, 5 when dangerous, before it
            acts; it shows "Please wait…" while the call runs and goes back to hold when told.
          </Trans>
        }
      >
        <Example label={<Trans>Hold to confirm</Trans>}>
          <HoldDemo />
        </Example>
        <Example label={<Trans>Dangerous: 5 seconds</Trans>}>
          <HoldDemo dangerous />
        </Example>
        <Example label={<Trans>Loading</Trans>}>
          <HoldButton state="loading" onConfirm={() => undefined}>
            {t`Save`}
          </HoldButton>
        </Example>
        <Example label={<Trans>Disabled</Trans>}>
          <HoldButton disabled onConfirm={() => undefined}>
            {t`Save`}
          </HoldButton>
        </Example>
      </Entry>

      <Entry
        id="Countdown"
        name="Countdown"
        about={
          <Trans>
            Time left until a date: green above 10 minutes, yellow above 5, red below. The compact form shows
            minutes and seconds only.
          </Trans>
        }
      >
        <Example label={<Trans>One hour: green</Trans>}>
          <Countdown to={inSeconds(3600)} />
        </Example>
        <Example label={<Trans>Seven minutes: yellow</Trans>}>
          <Countdown to={inSeconds(420)} />
        </Example>
        <Example label={<Trans>Two minutes: red</Trans>}>
          <Countdown to={inSeconds(120)} />
        </Example>
        <Example label={<Trans>Compact</Trans>}>
          <Countdown to={inSeconds(840)} compact />
        </Example>
        <Example label={<Trans>Three days</Trans>}>
          <Countdown to={inSeconds(3 * 86_400 + 5000)} />
        </Example>
      </Entry>

      <Entry
        id="CodeInput"
        name="CodeInput"
        about={
          <Trans>
            One box per character: typing moves on, Backspace moves back, a pasted code fills every box. Four
            letters or digits by default.
          </Trans>
        }
      >
        <Example label={<Trans>Default: four letters or digits (invalid while incomplete)</Trans>}>
          <CodeDemo />
        </Example>
        <Example label={<Trans>Sign-in code: six digits</Trans>}>
          <CodeDemo length={6} digits />
        </Example>
      </Entry>

      <Entry
        id="Avatar"
        name="Avatar"
        about={
          <Trans>
            A profile picture that falls back to the default one when it is missing or fails to load.
          </Trans>
        }
      >
        <Example label={<Trans>A picture</Trans>}>
          <Avatar src={swatch("#4338ca", "DD")} alt={t`Dana Demo`} size={48} />
        </Example>
        <Example label={<Trans>No picture</Trans>}>
          <Avatar src={null} alt={t`Someone without a picture`} size={48} />
        </Example>
        <Example label={<Trans>A picture that fails to load</Trans>}>
          <Avatar src="/no-such-picture.png" alt={t`A broken picture`} size={48} />
        </Example>
      </Entry>

      <Entry
        id="CopyButton"
        name="CopyButton"
        about={<Trans>Copies a text to the clipboard and says "Copied!" for one second.</Trans>}
      >
        <Example label={<Trans>An invite link</Trans>}>
          <CopyButton text="https://fairdraw.example/invite/demo" label={t`Copy the invite link`} />
        </Example>
      </Entry>

      <Entry
        id="MediaGrid"
        name="MediaGrid"
        about={
          <Trans>One to four pictures or videos of a post, laid out the way the networks show them.</Trans>
        }
      >
        {[1, 2, 3, 4].map((n) => (
          <Example key={n} label={<Trans>{n} media</Trans>}>
            <div className="catalogue-media">
              <MediaGrid items={MEDIA.slice(0, n)} />
            </div>
          </Example>
        ))}
      </Entry>

      <Entry
        id="Price"
        name="Price"
        about={
          <Trans>
            An amount in a currency: euros written the French way and dollars the American way, as the spec
            shows them; the other currencies follow the interface language.
          </Trans>
        }
      >
        {CURRENCIES.map((currency) => (
          <Example key={currency} label={currency.toUpperCase()}>
            <Price amount={1234.56} currency={currency} />
          </Example>
        ))}
      </Entry>

      <Entry
        id="FeatureStar"
        name="FeatureStar"
        about={<Trans>Beside a feature the team's plan lacks: a star that leads to the plans.</Trans>}
      >
        <Example label={<Trans>Custom shortlink key</Trans>}>
          <span>
            <Trans>Custom key</Trans> <FeatureStar />
          </span>
        </Example>
      </Entry>
    </div>
  );
}
