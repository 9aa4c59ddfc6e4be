import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGE_QUERY, PAGES } from '@wayfarer/shared/api/pages';
import { copyText } from '../../../lib/copy-text';
import { formatDate } from '../../../lib/date-format';
import { useOnline } from '../../../lib/use-online';
import { exportFileName, exportMimeType, exportSessions, type ExportFormat } from '../history-export';
import { updateAnalysis } from '../history-store';
import { firstWords, HISTORY_LIMIT, type HistorySession } from '../history-session';
import { downloadFile } from '../../../lib/download-file';
import { useHistory } from '../hooks/use-history';
import { ExportControls } from './export-controls';
import './history-page.css';

/** The travel analysis of a kept session: shows `kept` when given, else runs afresh and reports it when settled. */
export type KeptAnalysisPanel = (props: {
  transcript: string;
  targetLanguage?: string;
  kept?: unknown;
  onSettled: (analysis: unknown) => void;
}) => ReactNode;

export interface HistoryPageProps {
  /** The app fills this slot with the analysis panel, as on the voice screen. */
  readonly analysisPanel?: KeptAnalysisPanel;
}

function saveExport(sessions: readonly HistorySession[], format: ExportFormat, all: boolean) {
  const at = all ? Date.now() : (sessions[0]?.startedAt ?? Date.now());
  downloadFile(exportFileName(format, at, all), exportSessions(sessions, format), exportMimeType(format));
}

function useSessionDate() {
  const { i18n } = useTranslation();
  return (session: HistorySession) =>
    formatDate(session.startedAt, i18n.resolvedLanguage ?? i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
}

function SessionDetail({
  session,
  onDelete,
  analysisPanel,
}: {
  session: HistorySession;
  onDelete: () => void;
  analysisPanel: HistoryPageProps['analysisPanel'];
}) {
  const { t, i18n } = useTranslation();
  const sessionDate = useSessionDate();
  const [copied, setCopied] = useState(false);
  const languageName = (code: string | undefined) =>
    code
      ? (new Intl.DisplayNames([i18n.resolvedLanguage ?? i18n.language], { type: 'language' }).of(code) ??
        code)
      : '';
  // 0: show the kept analysis, if any; each press of "run again" counts up and remounts the panel afresh.
  const [runs, setRuns] = useState(0);
  const copy = async () => setCopied(await copyText(exportSessions([session], 'txt')));

  return (
    <article className="history-detail" data-testid="history-detail" data-id={session.id}>
      <Link to={PAGES.history} className="history-back" data-testid="history-back">
        {t('history_back')}
      </Link>
      <h2>
        <time dateTime={new Date(session.startedAt).toISOString()}>{sessionDate(session)}</time>
      </h2>
      <section className="history-text">
        <h3>{t('history_original')}</h3>
        <p data-testid="history-detail-transcript" dir="auto">
          {session.transcript}
        </p>
      </section>
      {session.translation !== '' && (
        <section className="history-text">
          <h3>{t('history_translation', { language: languageName(session.targetLanguage) })}</h3>
          <p data-testid="history-detail-translation" lang={session.targetLanguage} dir="auto">
            {session.translation}
          </p>
        </section>
      )}
      <div className="button-row history-actions">
        <button type="button" className="button" data-testid="history-copy" onClick={() => void copy()}>
          {copied ? t('history_copied') : t('history_copy')}
        </button>
        <ExportControls
          testId="history-export"
          label={t('history_export_one')}
          onExport={(format) => saveExport([session], format, false)}
        />
        {analysisPanel && (
          <button
            type="button"
            className="button"
            data-testid="history-analyse"
            onClick={() => setRuns((count) => count + 1)}
          >
            {t('history_analyse')}
          </button>
        )}
        <button type="button" className="button" data-testid="history-delete" onClick={onDelete}>
          {t('history_delete')}
        </button>
      </div>
      {analysisPanel && (runs > 0 || session.analysis !== undefined) && (
        <Suspense key={runs} fallback={null}>
          {analysisPanel({
            transcript: session.transcript,
            targetLanguage: session.targetLanguage,
            kept: runs === 0 ? session.analysis : undefined,
            onSettled: (analysis) => void updateAnalysis(session.id, analysis),
          })}
        </Suspense>
      )}
    </article>
  );
}

function DeleteAll({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="button"
        data-testid="history-delete-all"
        onClick={() => setAsking(true)}
      >
        {t('history_delete_all')}
      </button>
    );
  }
  return (
    <div className="history-confirm" role="alertdialog" aria-labelledby="history-confirm-text">
      <p id="history-confirm-text">{t('history_delete_all_confirm')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          data-testid="history-delete-all-confirm"
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {t('history_delete_all_yes')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="history-delete-all-cancel"
          autoFocus
          onClick={() => setAsking(false)}
        >
          {t('history_cancel')}
        </button>
      </div>
    </div>
  );
}

/** The on-device history (docs/SPEC.md §2): sessions kept in this browser only, newest first. */
export function HistoryPage({ analysisPanel }: HistoryPageProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const history = useHistory();
  const sessionDate = useSessionDate();
  const [search, setSearch] = useSearchParams();
  const openId = search.get(PAGE_QUERY.historySession);
  const sessions = history.sessions ?? [];
  const open = openId ? sessions.find((session) => session.id === openId) : undefined;
  const close = () => setSearch({}, { replace: true });

  return (
    <section className="page history-page" aria-labelledby="page-title" data-testid="history-page">
      <h1 id="page-title">{t('history_title')}</h1>
      <p>{t('history_description', { historyLimit: HISTORY_LIMIT })}</p>
      {!online && (
        <p className="history-notice" role="status" data-testid="history-offline-notice">
          {t('history_offline_notice')}
        </p>
      )}
      <label className="history-toggle">
        <input
          type="checkbox"
          data-testid="history-enabled-toggle"
          checked={history.enabled}
          onChange={(event) => history.setEnabled(event.target.checked)}
        />
        {t('history_enabled_label')}
      </label>
      {!history.enabled && (
        <p className="history-notice" data-testid="history-off-notice">
          {t('history_off_notice')}
        </p>
      )}

      {openId && history.sessions !== undefined ? (
        open ? (
          <SessionDetail
            key={open.id}
            session={open}
            analysisPanel={analysisPanel}
            onDelete={() => void history.remove(open.id).then(close)}
          />
        ) : (
          <p data-testid="history-not-found">
            {t('history_not_found')} <Link to={PAGES.history}>{t('history_back')}</Link>
          </p>
        )
      ) : (
        history.sessions !== undefined && (
          <>
            {sessions.length > 0 && (
              <div className="button-row history-toolbar">
                <ExportControls
                  testId="history-export-all"
                  label={t('history_export_all')}
                  onExport={(format) => saveExport(sessions, format, true)}
                />
                <DeleteAll onConfirm={() => void history.removeAll()} />
              </div>
            )}
            {sessions.length === 0 ? (
              <p data-testid="history-empty">{t('history_empty')}</p>
            ) : (
              <ul className="history-list" data-testid="history-list">
                {sessions.map((session) => (
                  <li
                    key={session.id}
                    className="history-item"
                    data-testid="history-item"
                    data-id={session.id}
                  >
                    <Link
                      to={`${PAGES.history}?${PAGE_QUERY.historySession}=${encodeURIComponent(session.id)}`}
                      className="history-open"
                      data-testid="history-open"
                    >
                      <time dateTime={new Date(session.startedAt).toISOString()}>{sessionDate(session)}</time>
                      <span className="history-first-words" data-testid="history-first-words">
                        {firstWords(session)}
                      </span>
                    </Link>
                    <button
                      type="button"
                      className="button history-item-delete"
                      data-testid="history-item-delete"
                      aria-label={`${t('history_delete')}: ${firstWords(session)}`}
                      onClick={() => void history.remove(session.id)}
                    >
                      {t('history_delete')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )
      )}
    </section>
  );
}
