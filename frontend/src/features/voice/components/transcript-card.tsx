import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAtEnd } from '../scroll-follow';

/**
 * A text card that keeps its newest line in view as the text grows, unless the traveller scrolled up to read back
 * (docs/SPEC.md §2: about 24rem high, scrolling). In listening mode the translation is large, with a button back to
 * the newest line while the traveller reads back, and the original small and muted.
 */
export function TranscriptCard({
  testId,
  title,
  placeholder,
  text,
  phrases,
  pending = '',
  lang,
  dir,
  variant = 'standard',
}: {
  testId: string;
  title: string;
  placeholder: string;
  text: string;
  /**
   * The text phrase by phrase (joined, it is `text`), so a phrase shown and not read out can be marked
   * (docs/SPEC.md §4 Spoken lag).
   */
  phrases?: readonly { text: string; shownOnly: boolean }[];
  /** Text still being heard, shown after the final text and styled as provisional. */
  pending?: string;
  /** The text's language and direction (docs/SPEC.md: ar, he, fa and ur read right to left). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** listening: the listening mode's main text; secondary: its original, beside it. */
  variant?: 'standard' | 'listening' | 'secondary';
}) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  const empty = text === '' && pending === '';
  const [scrolledBack, setScrolledBack] = useState(false);
  // A cleared text starts again at its end (state adjusted while rendering, as React advises over an effect).
  const [wasEmpty, setWasEmpty] = useState(empty);
  if (empty !== wasEmpty) {
    setWasEmpty(empty);
    if (empty) setScrolledBack(false);
  }
  const following = !scrolledBack;

  // Before the browser paints the grown text, in the same task as React's change to it: no frame shows the newest
  // line out of view, and nothing that reads the page in between finds it there.
  useLayoutEffect(() => {
    const element = body.current;
    if (element && following) element.scrollTop = element.scrollHeight;
  }, [text, pending, following]);

  return (
    <section className="voice-card" aria-label={title} data-variant={variant}>
      <h2 className="voice-card-title">{title}</h2>
      <div
        ref={body}
        className="voice-text"
        onScroll={(event) => setScrolledBack(!isAtEnd(event.currentTarget))}
        data-testid={testId}
        data-empty={empty}
        lang={empty ? undefined : lang}
        // Without the language's own direction, the text's first strong letter decides it (an English transcript in an
        // Arabic interface reads left to right).
        dir={empty ? undefined : (dir ?? 'auto')}
        aria-live="polite"
        tabIndex={0}
      >
        {empty ? (
          <span className="voice-placeholder">{placeholder}</span>
        ) : (
          <>
            {phrases
              ? phrases.map((phrase, index) => (
                  <Fragment key={index}>
                    {index > 0 && ' '}
                    <span
                      className="voice-phrase"
                      data-testid="translation-phrase"
                      data-shown-only={phrase.shownOnly}
                      title={phrase.shownOnly ? t('voice_phrase_shown_only') : undefined}
                    >
                      {phrase.text}
                    </span>
                  </Fragment>
                ))
              : text}
            {pending !== '' && <span className="voice-interim">{text === '' ? pending : ` ${pending}`}</span>}
          </>
        )}
      </div>
      {variant === 'listening' && !following && (
        <button
          type="button"
          className="button button-soft voice-newest"
          data-testid="listening-newest"
          onClick={() => setScrolledBack(false)}
        >
          {t('voice_listening_newest')}
        </button>
      )}
    </section>
  );
}
