import { useEffect, useRef } from 'react';

/** A text card that keeps its newest line in view as the text grows (docs/SPEC.md §2: about 24rem high, scrolling). */
export function TranscriptCard({
  testId,
  title,
  placeholder,
  text,
  pending = '',
  lang,
  dir,
}: {
  testId: string;
  title: string;
  placeholder: string;
  text: string;
  /** Text still being heard, shown after the final text and styled as provisional. */
  pending?: string;
  /** The text's language and direction (docs/SPEC.md: ar, he, fa and ur read right to left). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}) {
  const body = useRef<HTMLDivElement>(null);
  const empty = text === '' && pending === '';

  useEffect(() => {
    const element = body.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text, pending]);

  return (
    <section className="voice-card" aria-label={title}>
      <h2 className="voice-card-title">{title}</h2>
      <div
        ref={body}
        className="voice-text"
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
            {text}
            {pending !== '' && <span className="voice-interim">{text === '' ? pending : ` ${pending}`}</span>}
          </>
        )}
      </div>
    </section>
  );
}
