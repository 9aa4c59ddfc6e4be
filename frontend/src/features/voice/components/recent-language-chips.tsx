import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-labels';
import { Tooltip } from '../../../lib/tooltip';

/** docs/SPEC.md §2: each chip selects its language and has a remove button; most recent first, at most 3. */
export function RecentLanguageChips({
  recent,
  selected,
  disabled,
  onSelect,
  onRemove,
}: {
  recent: readonly string[];
  selected: string;
  disabled: boolean;
  onSelect: (code: string) => void;
  onRemove: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  if (recent.length === 0) return null;
  return (
    <ul className="voice-chips" aria-label={t('voice_recent_languages')}>
      {recent.map((code) => {
        const name = languageName(code, i18n.language);
        return (
          <li
            key={code}
            className="voice-chip"
            data-testid="recent-language-chip"
            data-lang={code}
            data-selected={code === selected}
          >
            <button
              type="button"
              className="voice-chip-select"
              aria-pressed={code === selected}
              disabled={disabled}
              onClick={() => onSelect(code)}
            >
              {name}
            </button>
            <Tooltip label={t('voice_recent_remove', { language: name })}>
              <button
                type="button"
                className="voice-chip-remove"
                data-testid="recent-language-remove"
                aria-label={t('voice_recent_remove', { language: name })}
                disabled={disabled}
                onClick={() => onRemove(code)}
              >
                ×
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
