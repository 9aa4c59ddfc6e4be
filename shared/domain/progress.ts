import {
  ANALYSIS_PROGRESS_CAP,
  ANALYSIS_PROGRESS_STEPS,
  PHOTO_PROGRESS_CAP,
  PHOTO_PROGRESS_STEPS,
} from '../constants';

interface ProgressSteps {
  readonly fastBelow: number;
  readonly fastStep: number;
  readonly mediumBelow: number;
  readonly mediumStep: number;
  readonly slowStep: number;
}

// Steps shrink as the bar fills so it keeps moving on a slow answer without ever reaching the end early.
function nextProgress(value: number, steps: ProgressSteps, cap: number): number {
  const step =
    value < steps.fastBelow ? steps.fastStep : value < steps.mediumBelow ? steps.mediumStep : steps.slowStep;
  return Math.min(value + step, cap);
}

/** One 250 ms tick of the analysis progress bar (docs/SPEC.md §4): +5 below 60, +2 below 85, +1 above, capped at 95. */
export function nextAnalysisProgress(value: number): number {
  return nextProgress(value, ANALYSIS_PROGRESS_STEPS, ANALYSIS_PROGRESS_CAP);
}

/** One 300 ms tick of the photo progress bar (docs/SPEC.md §4): +5 below 50, +3 below 80, +1 above, capped at 95. */
export function nextPhotoProgress(value: number): number {
  return nextProgress(value, PHOTO_PROGRESS_STEPS, PHOTO_PROGRESS_CAP);
}
