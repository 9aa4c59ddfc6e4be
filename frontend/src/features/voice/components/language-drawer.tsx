import { useTranslation } from 'react-i18next';
import { Drawer } from 'vaul';
import { LanguageList, type LanguageListProps } from './language-list';

/** docs/SPEC.md §2: the target-language picker below 768px, a bottom drawer. */
export function LanguageDrawer({ onClose, ...list }: LanguageListProps & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Portal>
        <Drawer.Overlay className="voice-drawer-overlay" />
        <Drawer.Content
          className="voice-picker voice-picker-drawer"
          data-testid="language-picker"
          data-variant="drawer"
          aria-describedby={undefined}
        >
          <div className="voice-drawer-handle" aria-hidden="true" />
          <div className="voice-picker-header">
            <Drawer.Title className="voice-picker-title">{t('voice_language_picker_title')}</Drawer.Title>
            <Drawer.Close className="button button-soft voice-picker-cancel" data-testid="language-picker-cancel">
              {t('voice_language_picker_cancel')}
            </Drawer.Close>
          </div>
          <LanguageList {...list} />
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
