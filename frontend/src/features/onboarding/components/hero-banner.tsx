import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HERO_STEP_ROTATION_MS } from '../../../lib/ui-constants';
import { HERO_STEPS, heroStepAt, readHeroDismissed, storeHeroDismissed, type HeroStep } from '../hero-steps';
import { strokeIconProps } from '../../../lib/stroke-icon';
import { Tooltip } from '../../../lib/tooltip';
import './hero-banner.css';

const svgProps = strokeIconProps(22);

const stepIcon: Record<HeroStep, React.JSX.Element> = {
  speak: (
    <svg {...svgProps}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  ),
  transcribe: (
    <svg {...svgProps} className="icon-directional">
      <path d="M4 6h16M4 12h16M4 18h10" />
    </svg>
  ),
  translate: (
    <svg {...svgProps}>
      <path d="M4 5h8M8 3v2M5 9c1.5 3 4 5 7 6M11 5c-1 4-3.5 7-7 9M13 21l4-9 4 9M14.5 18h5" />
    </svg>
  ),
  analyze: (
    <svg {...svgProps}>
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
      <path d="M19 17l.8 2.2L22 20l-2.2.8L19 23l-.8-2.2L16 20l2.2-.8z" />
    </svg>
  ),
};

const stepKeys = {
  speak: { label: 'hero_step_speak', hint: 'hero_step_speak_hint' },
  transcribe: { label: 'hero_step_transcribe', hint: 'hero_step_transcribe_hint' },
  translate: { label: 'hero_step_translate', hint: 'hero_step_translate_hint' },
  analyze: { label: 'hero_step_analyze', hint: 'hero_step_analyze_hint' },
} as const satisfies Record<HeroStep, { label: string; hint: string }>;

/** docs/SPEC.md §2: the dismissible banner at the top of the voice screen; the dismissal is remembered on this device. */
export function HeroBanner() {
  const { t } = useTranslation();
  const titleId = useId();
  const [dismissed, setDismissed] = useState(() => readHeroDismissed());
  const [tick, setTick] = useState(0);
  // Pausing while the pointer or focus is inside lets a reader finish a step (WCAG 2.2.2).
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (dismissed || paused) return;
    const timer = setInterval(() => setTick((previous) => previous + 1), HERO_STEP_ROTATION_MS);
    return () => clearInterval(timer);
  }, [dismissed, paused]);

  if (dismissed) return null;

  const step = heroStepAt(tick);
  const dismiss = () => {
    storeHeroDismissed();
    setDismissed(true);
  };

  return (
    <section
      className="hero"
      data-testid="hero-banner"
      data-step={step}
      aria-labelledby={titleId}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="hero-heading">
        <p className="hero-title" id={titleId}>
          {t('hero_title')}
        </p>
        <Tooltip label={t('hero_dismiss')}>
          <button
            type="button"
            className="icon-link hero-dismiss"
            data-testid="hero-dismiss"
            aria-label={t('hero_dismiss')}
            onClick={dismiss}
          >
            <svg {...svgProps}>
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </Tooltip>
      </div>
      <ol className="hero-steps">
        {HERO_STEPS.map((each) => (
          <li
            key={each}
            className="hero-step"
            data-active={each === step}
            aria-current={each === step ? 'step' : undefined}
          >
            {stepIcon[each]}
            <span>{t(stepKeys[each].label)}</span>
          </li>
        ))}
      </ol>
      <p className="hero-hint">{t(stepKeys[step].hint)}</p>
    </section>
  );
}
