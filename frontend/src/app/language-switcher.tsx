import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, SUPPORTED_UI_LANGUAGES } from '../lib/ui-constants';

type UiLanguage = (typeof SUPPORTED_UI_LANGUAGES)[number];

// Each language is named in itself, the way a reader of that language looks for it, so these never translate.
const languageNames: Record<UiLanguage, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  ar: 'العربية',
  hi: 'हिन्दी',
  ja: '日本語',
  ko: '한국어',
  zh: '简体中文',
};

// The detector reads the i18next cookie before local storage (docs/SPEC.md §1 order) but only writes local storage, so a
// cookie set elsewhere would undo the visitor's explicit choice on the next visit. Rewrite it when it exists.
function followExistingCookie(language: string): void {
  const hasCookie = document.cookie.split('; ').some((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`));
  if (hasCookie) document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? FALLBACK_LANGUAGE;

  const choose = (language: string) => {
    followExistingCookie(language);
    void i18n.changeLanguage(language);
  };

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language_label')}
      </label>
      <select
        id={id}
        className="select"
        data-testid="language-select"
        value={current}
        onChange={(event) => choose(event.target.value)}
      >
        {SUPPORTED_UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code} dir="auto">
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
