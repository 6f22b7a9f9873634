import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notice } from "../../../components/NoticeBanner";
import { useOAuthReturn } from "./oauthReturn";
import { useDisconnectJira, useStartJiraOAuth, useTestJira } from "./queries";
import { useTrackerErrorText } from "./useTrackerErrorText";

/**
 * Carries out what the page's buttons ask: connecting or changing through the form,
 * signing in with Atlassian, disconnecting after a confirmation, testing at once. A
 * test's outcome stays beside the buttons; the other outcomes become a notice, a refusal
 * in the server's words — including how a sign-in with Atlassian the page is back from went.
 */
export function useTrackerActions() {
  const { t } = useTranslation();
  const errorText = useTrackerErrorText();
  const disconnect = useDisconnectJira();
  const test = useTestJira();
  const start = useStartJiraOAuth();
  const returned = useOAuthReturn();
  const [notice, setNotice] = useState<Notice | null>(() => {
    if (!returned) return null;
    if (returned.outcome === "connected") return { tone: "success", text: t("jira.admin.oauth.connected") };
    return { tone: "error", text: t("jira.admin.oauth.notConnected"), details: [t(`jira.admin.oauth.reason.${returned.reason}`)] };
  });
  const [editing, setEditing] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);

  const startEditing = useCallback(() => {
    setNotice(null);
    setEditing(true);
  }, []);

  const startDisconnecting = useCallback(() => {
    setNotice(null);
    setDisconnecting(true);
  }, []);

  const runTest = useCallback(() => {
    setNotice(null);
    test.mutate();
  }, [test]);

  /** Off to Atlassian's consent page, for `site` should the account reach several. */
  const signInWithAtlassian = useCallback(
    (site?: string) => {
      setNotice(null);
      start.mutate(site ? { site } : {}, {
        onError: (error) => setNotice({ tone: "error", text: t("jira.admin.oauth.notConnected"), details: [errorText(error, t("jira.admin.errorGeneric"))] }),
      });
    },
    [errorText, start, t],
  );

  const confirmDisconnect = useCallback(() => {
    test.reset();
    disconnect.mutate(undefined, {
      onSuccess: () => setNotice({ tone: "success", text: t("jira.admin.disconnected") }),
      onError: (error) => setNotice({ tone: "error", text: errorText(error, t("jira.admin.errorGeneric")) }),
    });
  }, [disconnect, errorText, t, test]);

  /** The form saved the connection: it closes, the last test no longer holds, and the notice says so. */
  const done = useCallback(
    (text: string) => {
      setEditing(false);
      test.reset();
      setNotice({ tone: "success", text });
    },
    [test],
  );

  return {
    notice,
    dismissNotice: () => setNotice(null),
    editing,
    startEditing,
    stopEditing: () => setEditing(false),
    disconnecting,
    startDisconnecting,
    stopDisconnecting: () => setDisconnecting(false),
    confirmDisconnect,
    disconnectPending: disconnect.isPending,
    test,
    runTest,
    done,
    signInWithAtlassian,
    // Still "opening" once the server answered: the browser is on its way to Atlassian.
    openingAtlassian: start.isPending || start.isSuccess,
  };
}
