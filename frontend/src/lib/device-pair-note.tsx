import { useTranslation } from 'react-i18next';
import { languageName } from './language-labels';

/**
 * docs/SPEC.md §2: the pair does not work on this device and no server engine can take it, with the
 * output languages that do; the same words on the voice and photo screens. `targets` undefined: still asked.
 */
export function DevicePairNote({
  source,
  target,
  targets,
  className,
  testId,
}: {
  source: string;
  target: string;
  targets: readonly string[] | undefined;
  className: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const names = (targets ?? []).map((code) => languageName(code, i18n.language));
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
  return (
    <p className={className} data-testid={testId} role="note">
      <strong>
        {t('voice_device_pair_unsupported', {
          from: languageName(source, i18n.language),
          to: languageName(target, i18n.language),
        })}
      </strong>{' '}
      {targets === undefined
        ? null
        : names.length > 0
          ? t('voice_device_pair_choose', { languages: list })
          : t('voice_device_pair_none', { from: languageName(source, i18n.language) })}
    </p>
  );
}
