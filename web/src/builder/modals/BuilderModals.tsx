/**
 * The builder's modals (contest-builder.md §2, §4), opened and closed by the machine (modalOf: its state): update
 * contest dates, delete source, add source, close builder, settings, shortlinks, save draft, export template,
 * create contest (held 2.5 s with the HoldButton) and create paid contest. While a call runs its modal shows it,
 * and a failed call shows why with a retry.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { modalOf } from "../../../../engine/builder/machine";
import { canAddSource, maxSourcesOf } from "../../../../engine/builder/selectors";
import { ProviderMark } from "../../components/ProviderMark";
import { Modal } from "../../dialogs/Modal";
import { providerOf } from "../../providers";
import { HoldButton } from "../../widgets/HoldButton";
import { sameJson, useBuilderEnv, useBuilderSelector } from "../context";
import { BuilderLink } from "../navigate";
import { CallError, useCallFailure } from "./CallError";
import { SettingsModal } from "./SettingsModal";
import { ShortlinksModal } from "./ShortlinksModal";

function useSend() {
  const { actor } = useBuilderEnv();
  return actor.send;
}

/** Cancel, and the button that sends CONFIRM (red when `dangerous`). */
function ConfirmButtons({ confirm, dangerous = false }: { confirm: string; dangerous?: boolean }) {
  const { t } = useLingui();
  const send = useSend();
  return (
    <>
      <button type="button" className="button" data-action="cancel" onClick={() => send({ type: "CANCEL" })}>
        {t`Cancel`}
      </button>
      <button
        type="button"
        className={`button ${dangerous ? "danger" : "primary"}`}
        data-action="confirm"
        onClick={() => send({ type: "CONFIRM" })}
      >
        {confirm}
      </button>
    </>
  );
}

function Confirm({
  title,
  children,
  confirm,
  dangerous = false,
}: {
  title: string;
  children: ReactNode;
  confirm: string;
  dangerous?: boolean;
}) {
  const send = useSend();
  return (
    <Modal
      title={title}
      onClose={() => send({ type: "CANCEL" })}
      size="small"
      footer={<ConfirmButtons confirm={confirm} dangerous={dangerous} />}
    >
      {children}
    </Modal>
  );
}

export function UpdateDatesModal() {
  const { t } = useLingui();
  return (
    <Confirm title={t`Update the contest dates?`} confirm={t`Update the start date`}>
      <p>
        <Trans>
          You are moving the start date while a close date is set. The close date, the reminders and the
          automatic draw are not moved with it: check them after this change.
        </Trans>
      </p>
    </Confirm>
  );
}

export function DeleteSourceModal({ sourceId }: { sourceId: number }) {
  const { t } = useLingui();
  const type = useBuilderSelector((s) => s.context.form.sources.find((x) => x.id === sourceId)?.type ?? "");
  const name = providerOf(type)?.display_name ?? type;
  return (
    <Confirm title={t`Delete the ${name} source?`} confirm={t`Delete`} dangerous>
      <p>
        <Trans>Its publications, actions, reminders and filters will be lost.</Trans>
      </p>
    </Confirm>
  );
}

/** The networks a contest may be built on: those with builder rules whose definition allows the builder. */
export function builderProviders(sources: Record<string, unknown>): string[] {
  return Object.keys(sources).filter(
    (p) => (providerOf(p) as { contestbuilder?: boolean } | undefined)?.contestbuilder !== false,
  );
}

export function AddSourceModal() {
  const { t } = useLingui();
  const send = useSend();
  const { served, compiled } = useBuilderEnv();
  const providers = builderProviders(served.sources);
  const allowed = useBuilderSelector(
    (s) => providers.map((p) => canAddSource({ config: compiled, form: s.context.form }, p)),
    sameJson,
  );
  return (
    <Modal title={t`Add a source`} onClose={() => send({ type: "CANCEL" })}>
      <p>
        <Trans>On which network does the contest take place?</Trans>
      </p>
      <ul className="builder-providers">
        {providers.map((provider, i) => {
          const max = maxSourcesOf(compiled, provider);
          const name = providerOf(provider)?.display_name ?? provider;
          return (
            <li key={provider}>
              <button
                type="button"
                className="button builder-provider"
                data-provider={provider}
                disabled={!allowed[i]}
                aria-describedby={allowed[i] ? undefined : `builder-limit-${provider}`}
                onClick={() => send({ type: "ADD_SOURCE", provider })}
              >
                <ProviderMark provider={provider} />
                <span>{name}</span>
              </button>
              {!allowed[i] && (
                <span id={`builder-limit-${provider}`} className="muted">
                  {t`At most ${max} source(s) of this network.`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => send({ type: "CANCEL" })}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Modal>
  );
}

export function CloseBuilderModal() {
  const { t } = useLingui();
  return (
    <Confirm title={t`Close the contest builder?`} confirm={t`Close without saving`} dangerous>
      <p>
        <Trans>What you changed since the last save will be lost. Save a draft first to keep it.</Trans>
      </p>
    </Confirm>
  );
}

/** A call's modal while it runs and when it failed (the machine's saving / failed states). */
function useCall(state: "saveDraft" | "exportTemplate" | "submit") {
  const running = useBuilderSelector((s) =>
    state === "saveDraft"
      ? s.matches({ saveDraft: "saving" })
      : state === "exportTemplate"
        ? s.matches({ exportTemplate: "exporting" })
        : s.matches({ submit: "submitting" }),
  );
  const failed = useBuilderSelector((s) => s.matches({ [state]: "failed" } as never));
  const error = useBuilderSelector((s) => s.context.submitError);
  return { running, failed, error };
}

type Call = ReturnType<typeof useCall>;

/**
 * The modal of a builder call: CANCEL closes it unless the call runs. When the server refused fields (422), it
 * lists them (each a link to the field) and its footer offers to try again; any other failure closes it and the
 * shell's error handler shows it (CallError).
 */
function CallModal({
  call,
  title,
  footer,
  children,
}: {
  call: Call;
  title: string;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const send = useSend();
  useCallFailure(call.failed, call.error);
  return (
    <Modal
      title={title}
      onClose={() => send({ type: "CANCEL" })}
      closable={!call.running}
      size="small"
      footer={call.failed ? <RetryButtons /> : footer}
    >
      {children}
      {call.failed && <CallError error={call.error} />}
    </Modal>
  );
}

function RetryButtons() {
  const send = useSend();
  return (
    <>
      <button type="button" className="button" onClick={() => send({ type: "CANCEL" })}>
        <Trans>Cancel</Trans>
      </button>
      <button
        type="button"
        className="button primary"
        data-action="retry"
        onClick={() => send({ type: "RETRY" })}
      >
        <Trans>Try again</Trans>
      </button>
    </>
  );
}

function Saving({ call }: { call: Call }) {
  return call.running ? (
    <p role="status" aria-busy="true">
      <Trans>Saving…</Trans>
    </p>
  ) : null;
}

export function SaveDraftModal() {
  const { t } = useLingui();
  const call = useCall("saveDraft");
  const forPayment = useBuilderSelector((s) => s.context.forPayment);
  return (
    <CallModal call={call} title={forPayment ? t`Saving the contest to pay for it` : t`Saving the draft`}>
      <Saving call={call} />
    </CallModal>
  );
}

export function ExportTemplateModal() {
  const { t } = useLingui();
  const call = useCall("exportTemplate");
  const name = useBuilderSelector((s) => String(s.context.form.base.name ?? ""));
  const asking = useBuilderSelector((s) => s.matches({ exportTemplate: "exportTemplateDialog" }));
  return (
    <CallModal
      call={call}
      title={t`Export as template`}
      footer={asking && <ConfirmButtons confirm={t`Save the template`} />}
    >
      {asking && (
        <p>
          <Trans>
            The template “{name}” keeps this contest's content to start new contests from it. Its dates are
            not kept once they are past.
          </Trans>
        </p>
      )}
      <Saving call={call} />
    </CallModal>
  );
}

export function CreateContestModal() {
  const { t } = useLingui();
  const send = useSend();
  const call = useCall("submit");
  const origin = useBuilderSelector((s) => s.context.origin);
  const saving = origin.kind === "planned" && !origin.is_duplicate;
  return (
    <CallModal call={call} title={saving ? t`Save the contest` : t`Create the contest`}>
      {!call.failed && (
        <>
          <p>
            <Trans>
              The contest's publications go out on their dates with the accounts you chose. Hold the button to
              confirm.
            </Trans>
          </p>
          <HoldButton
            state={call.running ? "loading" : "hold"}
            onConfirm={() => send({ type: "HOLD_CONFIRMED" })}
          >
            {saving ? <Trans>Save the contest</Trans> : <Trans>Create the contest</Trans>}
          </HoldButton>
        </>
      )}
    </CallModal>
  );
}

export function CreatePaidContestModal() {
  const { t } = useLingui();
  return (
    <Confirm
      title={t`Your plan does not include the contest builder`}
      confirm={t`Save and pay for this contest`}
    >
      <p>
        <Trans>
          Save this contest as a draft and pay for it once to create it, or upgrade your plan to create
          contests with the builder.
        </Trans>
      </p>
      <p>
        <BuilderLink to="/team/subscription">
          <Trans>See the plans</Trans>
        </BuilderLink>
      </p>
    </Confirm>
  );
}

export function BuilderModals() {
  const send = useSend();
  const modal = useBuilderSelector(modalOf, sameJson);
  if (!modal) return null;
  switch (modal.name) {
    case "updateContestDates":
      return <UpdateDatesModal />;
    case "deleteSource":
      return <DeleteSourceModal sourceId={modal.sourceId} />;
    case "addSource":
      return <AddSourceModal />;
    case "closeBuilder":
      return <CloseBuilderModal />;
    case "builderSettings":
      return (
        <SettingsModal onDone={() => send({ type: "CONFIRM" })} onCancel={() => send({ type: "CANCEL" })} />
      );
    case "manageShortlinks":
      return <ShortlinksModal onClose={() => send({ type: "CANCEL" })} />;
    case "saveDraft":
      return <SaveDraftModal />;
    case "exportTemplate":
      return <ExportTemplateModal />;
    case "createContest":
      return <CreateContestModal />;
    case "createPaidContest":
      return <CreatePaidContestModal />;
  }
}
