import { useTranslation } from 'react-i18next';
import type { Location } from '@wayfarer/shared/api/analysis';
import type { Outcome } from '../analysis-model';
import { AnalysisCard, cardStateOf } from './analysis-card';
import { LocationItem } from './location-item';

/** The location finder (docs/SPEC.md §2): each place found, with the links its type calls for. */
export function LocationCard({ outcome }: { outcome: Outcome<readonly Location[]> }) {
  const { t } = useTranslation();
  return (
    <AnalysisCard
      testId="location-card"
      title={t('analysis_locations_title')}
      state={cardStateOf(outcome, (locations) => locations.length === 0)}
      errorText={t('failed_to_analyze_locations')}
      emptyText={t('analysis_locations_empty')}
    >
      <ul className="analysis-list">
        {outcome.kind === 'done' &&
          outcome.value.map((location, index) => (
            <LocationItem key={`${index}-${location.name}`} location={location} />
          ))}
      </ul>
    </AnalysisCard>
  );
}
