/**
 * Keeps the signed-in user fresh from the socket: add_notification prepends to the bell's list, refresh_user
 * reloads the user, load_contest reaches the pages that listen for that contest (useContestUpdates).
 */
import { produce } from "immer";
import { createContext, type ReactNode, use, useEffect, useMemo, useRef } from "react";
import type { User } from "../../../codegen/types";
import { useSession } from "../session/session";
import { connectRealtime, realtimeUrl } from "./socket";

type Listener = (contestId: string) => void;
const ContestListeners = createContext<Set<Listener> | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const listeners = useMemo(() => new Set<Listener>(), []);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const signedIn = session.status === "ready";

  useEffect(() => {
    if (!signedIn || typeof WebSocket === "undefined") return;
    const connection = connectRealtime({
      url: realtimeUrl(window.location),
      onEvent(event) {
        const s = sessionRef.current;
        if (event.type === "refresh_user") void s.refresh();
        else if (event.type === "load_contest") for (const l of listeners) l(event.contest_id);
        else if (event.type === "add_notification" && s.status === "ready") {
          s.setUser(
            produce(s.user, (draft: User) => {
              draft.notifications.list.unshift(event.notification as User["notifications"]["list"][number]);
              draft.notifications.new_count += 1;
            }),
          );
        }
      },
      onSessionEnded: () => void sessionRef.current.refresh(),
    });
    return () => connection.close();
  }, [signedIn, listeners]);

  return <ContestListeners value={listeners}>{children}</ContestListeners>;
}

/** Calls `onUpdate` when the server pushes load_contest for this contest (or for any contest when id is null). */
export function useContestUpdates(contestId: string | null, onUpdate: () => void): void {
  const listeners = use(ContestListeners);
  const callback = useRef(onUpdate);
  callback.current = onUpdate;
  useEffect(() => {
    if (!listeners) return;
    const listener: Listener = (id) => {
      if (contestId === null || id === contestId) callback.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners, contestId]);
}
