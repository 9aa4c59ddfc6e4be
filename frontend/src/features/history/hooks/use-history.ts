import { useCallback, useEffect, useState } from 'react';
import type { HistorySession } from '../history-session';
import {
  deleteAllSessions,
  deleteSession,
  isHistoryEnabled,
  listSessions,
  onHistoryChange,
  setHistoryEnabled,
} from '../history-store';

export interface History {
  /** Newest first; undefined until IndexedDB has answered. */
  readonly sessions: readonly HistorySession[] | undefined;
  readonly enabled: boolean;
  readonly setEnabled: (enabled: boolean) => void;
  readonly remove: (id: string) => Promise<void>;
  readonly removeAll: () => Promise<void>;
}

export function useHistory(): History {
  const [sessions, setSessions] = useState<HistorySession[]>();
  const [enabled, setEnabledState] = useState(isHistoryEnabled);

  const reload = useCallback(async () => setSessions(await listSessions()), []);

  useEffect(() => {
    let current = true;
    const read = () =>
      void listSessions().then((kept) => {
        if (current) setSessions(kept);
      });
    read();
    const unsubscribe = onHistoryChange(read);
    return () => {
      current = false;
      unsubscribe();
    };
  }, []);

  const setEnabled = useCallback((next: boolean) => {
    setHistoryEnabled(next);
    setEnabledState(next);
  }, []);

  const remove = useCallback(
    async (id: string) => {
      await deleteSession(id);
      await reload();
    },
    [reload],
  );

  const removeAll = useCallback(async () => {
    await deleteAllSessions();
    await reload();
  }, [reload]);

  return { sessions, enabled, setEnabled, remove, removeAll };
}
