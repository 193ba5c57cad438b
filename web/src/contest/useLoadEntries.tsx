/**
 * Loading a classic contest's entries from a contest page (overview, entries): the LoadEntriesDialog, then an
 * alert saying how many entries came in (and whether the load stopped at its maximum), then the page's reloads.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useDialogs } from "../dialogs/DialogHost";
import { LoadEntriesDialog } from "../dialogs/LoadEntriesDialog";
import type { LoadEntriesAnswer } from "./api";
import type { ContestData } from "./types";

export function useLoadEntries(contest: ContestData, onLoaded: () => void): () => void {
  const { t } = useLingui();
  const dialogs = useDialogs();
  return () =>
    dialogs.open((close) => (
      <LoadEntriesDialog
        contest={contest}
        onClose={close}
        onLoaded={(answer: LoadEntriesAnswer) => {
          close();
          onLoaded();
          void dialogs.alert({
            type: "success",
            title: t`Entries loaded`,
            description: answer.truncated
              ? plural(answer.loaded, {
                  one: "# entry loaded: the load stopped at its maximum.",
                  other: "# entries loaded: the load stopped at its maximum.",
                })
              : plural(answer.loaded, { one: "# entry loaded.", other: "# entries loaded." }),
          });
        }}
      />
    ));
}
