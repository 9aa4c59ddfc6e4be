import { useTranslation } from 'react-i18next';
import { findLanguage, LANGUAGES, suggestLanguages } from '@wayfarer/shared/domain/languages';
import { languageName } from '../../../lib/language-labels';

export interface LanguageListProps {
  readonly selected: string;
  /** The caller's country (null when unknown); undefined while the lookup runs, when no suggestions show yet. */
  readonly callerCountry: string | null | undefined;
  readonly onSelect: (code: string) => void;
}

function LanguageButton({
  code,
  selected,
  testId,
  onSelect,
}: {
  code: string;
  selected: boolean;
  testId: string;
  onSelect: (code: string) => void;
}) {
  const { i18n } = useTranslation();
  const option = findLanguage(code);
  const name = languageName(code, i18n.language);
  return (
    <li>
      <button
        type="button"
        className="voice-language-option"
        data-testid={testId}
        data-lang={code}
        aria-current={selected}
        onClick={() => onSelect(code)}
      >
        <span className="voice-language-name">{name}</span>
        {option && option.nativeName !== name && (
          <span className="voice-language-native" lang={code} dir={option.direction}>
            {option.nativeName}
          </span>
        )}
      </button>
    </li>
  );
}

/** The picker's body, shared by the popover and the drawer: suggestions, then every output language. */
export function LanguageList({ selected, callerCountry, onSelect }: LanguageListProps) {
  const { t } = useTranslation();
  // docs/SPEC.md §5: at most 2, the browser language first, then the country's, then the fallbacks. None until the
  // country is known, so the list never reorders under a finger.
  const suggestions =
    callerCountry === undefined
      ? []
      : suggestLanguages({
          browserLanguage: navigator.language,
          ipCountryCode: callerCountry,
          currentLanguage: selected,
        });
  return (
    <div className="voice-language-list" data-testid="language-picker-list">
      {suggestions.length > 0 && (
        <section aria-label={t('voice_language_suggested')}>
          <h3 className="voice-language-group">{t('voice_language_suggested')}</h3>
          <ul>
            {suggestions.map((code) => (
              <LanguageButton
                key={code}
                code={code}
                selected={code === selected}
                testId="language-suggestion"
                onSelect={onSelect}
              />
            ))}
          </ul>
        </section>
      )}
      <section aria-label={t('voice_language_all')}>
        <h3 className="voice-language-group">{t('voice_language_all')}</h3>
        <ul>
          {LANGUAGES.map((option) => (
            <LanguageButton
              key={option.value}
              code={option.value}
              selected={option.value === selected}
              testId="language-option"
              onSelect={onSelect}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
