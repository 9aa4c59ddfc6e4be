import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '../history-export';

/** A format select and its export button; the parent makes and saves the file. */
export function ExportControls({
  testId,
  label,
  onExport,
}: {
  testId: string;
  label: string;
  onExport: (format: ExportFormat) => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('txt');
  const selectId = useId();
  return (
    <span className="history-export">
      <label htmlFor={selectId} className="visually-hidden">
        {t('history_export_format')}
      </label>
      <select
        id={selectId}
        data-testid={`${testId}-format`}
        value={format}
        onChange={(event) => setFormat(event.target.value as ExportFormat)}
      >
        {EXPORT_FORMATS.map((value) => (
          <option key={value} value={value}>
            {t(`history_export_${value}`)}
          </option>
        ))}
      </select>
      <button type="button" className="button" data-testid={testId} onClick={() => onExport(format)}>
        {label}
      </button>
    </span>
  );
}
