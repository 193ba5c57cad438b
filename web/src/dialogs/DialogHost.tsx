/**
 * One dialog at a time (app-shell.md §2: opening a modal closes any open modal first). Pages and shortcuts open a
 * dialog with a render function that gets `close`; alerts are dialogs too, answering the action the person took.
 */
import { createContext, type ReactNode, Suspense, use, useCallback, useMemo, useState } from "react";
import { type AlertAction, AlertDialog, type AlertOptions } from "./AlertDialog";

export type DialogRender = (close: () => void) => ReactNode;

export type Dialogs = {
  open(render: DialogRender): void;
  close(): void;
  /** Shows an alert and resolves with the action chosen (close when dismissed). */
  alert(options: AlertOptions): Promise<AlertAction>;
  isOpen: boolean;
};

const DialogContext = createContext<Dialogs | null>(null);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ key: number; render: DialogRender } | null>(null);
  const close = useCallback(() => setCurrent(null), []);
  const open = useCallback(
    (render: DialogRender) => setCurrent({ key: Date.now() + Math.random(), render }),
    [],
  );
  const alert = useCallback(
    (options: AlertOptions) =>
      new Promise<AlertAction>((resolve) => {
        open((closeIt) => (
          <AlertDialog
            {...options}
            onAction={(action) => {
              closeIt();
              resolve(action);
            }}
          />
        ));
      }),
    [open],
  );
  const value = useMemo(
    () => ({ open, close, alert, isOpen: current !== null }),
    [open, close, alert, current],
  );
  return (
    <DialogContext value={value}>
      {children}
      {current && (
        // A dialog may be a lazily loaded chunk (dialogs/lazy.tsx): nothing shows until it has arrived.
        <Suspense fallback={null}>
          <div key={current.key}>{current.render(close)}</div>
        </Suspense>
      )}
    </DialogContext>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = use(DialogContext);
  if (!dialogs) throw new Error("useDialogs outside <DialogProvider>");
  return dialogs;
}
