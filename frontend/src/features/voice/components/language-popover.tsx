import * as Popover from '@radix-ui/react-popover';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageList, type LanguageListProps } from './language-list';

/** docs/SPEC.md §2: the target-language picker at widths of 768px and above, anchored to its trigger. */
export function LanguagePopover({
  anchor,
  onClose,
  ...list
}: LanguageListProps & { anchor: RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="voice-picker voice-picker-popover"
          data-testid="language-picker"
          data-variant="popover"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
        >
          <div className="voice-picker-header">
            <Popover.Title className="voice-picker-title">{t('voice_language_picker_title')}</Popover.Title>
            <Popover.Close className="button button-soft voice-picker-cancel" data-testid="language-picker-cancel">
              {t('voice_language_picker_cancel')}
            </Popover.Close>
          </div>
          <LanguageList {...list} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
