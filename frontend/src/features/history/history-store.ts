import { openDB, type IDBPDatabase } from 'idb';
import { LOCAL_STORAGE_KEYS } from '../../lib/ui-constants';
import { idsOverLimit, type HistorySession } from './history-session';

/** The IndexedDB database that holds the history; it lives in this browser only (docs/SPEC.md §1). */
export const HISTORY_DB_NAME = 'wayfarer-history';
const STORE = 'sessions';

const BY_START = 'startedAt';

// Untyped: idb's DBSchema typing resolves no store names under this TypeScript; every read below is typed instead.
let database: Promise<IDBPDatabase> | undefined;

function db(): Promise<IDBPDatabase> {
  database ??= openDB(HISTORY_DB_NAME, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore(STORE, { keyPath: 'id' }).createIndex(BY_START, 'startedAt');
    },
  });
  return database;
}

/** History is on unless the traveller turned it off on this device. */
export function isHistoryEnabled(): boolean {
  try {
    return localStorage.getItem(LOCAL_STORAGE_KEYS.historyOff) !== 'true';
  } catch {
    return true;
  }
}

export function setHistoryEnabled(enabled: boolean): void {
  if (enabled) localStorage.removeItem(LOCAL_STORAGE_KEYS.historyOff);
  else localStorage.setItem(LOCAL_STORAGE_KEYS.historyOff, 'true');
}

/**
 * Says that a session was kept, so an open history list reads again: a session kept as the traveller leaves the voice
 * screen for /history lands after that screen has read the store.
 */
export const historyChanges = new EventTarget();
const CHANGED = 'changed';

/** Keeps a stopped session unless history is off; past the limit the oldest sessions go in the same transaction. */
export async function saveSession(session: HistorySession): Promise<void> {
  if (!isHistoryEnabled() || session.transcript.trim() === '') return;
  const transaction = (await db()).transaction(STORE, 'readwrite');
  const kept = (await transaction.store.getAll()) as HistorySession[];
  const stale = idsOverLimit(kept.filter((old) => old.id !== session.id));
  await Promise.all([...stale.map((id) => transaction.store.delete(id)), transaction.store.put(session)]);
  await transaction.done;
  historyChanges.dispatchEvent(new Event(CHANGED));
}

/** Calls `listener` whenever a session is kept; returns the unsubscribe. */
export function onHistoryChange(listener: () => void): () => void {
  historyChanges.addEventListener(CHANGED, listener);
  return () => historyChanges.removeEventListener(CHANGED, listener);
}

/** Newest first. */
export async function listSessions(): Promise<HistorySession[]> {
  const all = (await (await db()).getAllFromIndex(STORE, BY_START)) as HistorySession[];
  return all.reverse();
}

export async function deleteSession(id: string): Promise<void> {
  await (await db()).delete(STORE, id);
}

export async function deleteAllSessions(): Promise<void> {
  await (await db()).clear(STORE);
}

/** Keeps the analysis run on a kept session with it; a session deleted meanwhile stays deleted. */
export async function updateAnalysis(id: string, analysis: unknown): Promise<void> {
  const transaction = (await db()).transaction(STORE, 'readwrite');
  const session = (await transaction.store.get(id)) as HistorySession | undefined;
  if (session) await transaction.store.put({ ...session, analysis });
  await transaction.done;
}
