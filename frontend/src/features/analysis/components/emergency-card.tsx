import { useTranslation } from 'react-i18next';
import type { EmergencyResult } from '@wayfarer/shared/api/analysis';
import type { Outcome } from '../analysis-model';
import { AnalysisCard, cardStateOf } from './analysis-card';

const SEVERITY_KEYS = {
  high: 'emergency_severity_high',
  medium: 'emergency_severity_medium',
  low: 'emergency_severity_low',
} as const satisfies Record<EmergencyResult['severity'], string>;

const FACILITY_KEYS = {
  hospital: 'facility_type_hospital',
  pharmacy: 'facility_type_pharmacy',
  clinic: 'facility_type_clinic',
} as const;

const CONTACT_KEYS = {
  emergency_contact_general: 'emergency_contact_general',
  emergency_contact_medical: 'emergency_contact_medical',
  emergency_contact_police: 'emergency_contact_police',
  emergency_contact_fire: 'emergency_contact_fire',
} as const;

type Contact = EmergencyResult['emergencyContacts'][number];
type Facility = EmergencyResult['nearbyMedicalFacilities'][number];

// The server names the label (docs/SPEC.md §3 labelKey); one it did not promise falls back to the contact's type.
function contactLabelKey(contact: Contact) {
  return (
    CONTACT_KEYS[contact.labelKey as keyof typeof CONTACT_KEYS] ??
    CONTACT_KEYS[`emergency_contact_${contact.type}` as keyof typeof CONTACT_KEYS] ??
    CONTACT_KEYS.emergency_contact_general
  );
}

// docs/SPEC.md §3: general and medical lines are the urgent ones, styled destructive.
function isUrgent(contact: Contact): boolean {
  return contact.type === 'general' || contact.type === 'medical';
}

/** A facility is a map search, never an invented place: by coordinates when both exist, else by name and address. */
function facilityHref(facility: Facility): string {
  const hasCoordinates = facility.latitude.trim() !== '' && facility.longitude.trim() !== '';
  const query = hasCoordinates
    ? `${facility.latitude},${facility.longitude}`
    : [facility.name, facility.address].filter((part) => part.trim() !== '').join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The emergency detector (docs/SPEC.md §2). */
export function EmergencyCard({ outcome }: { outcome: Outcome<EmergencyResult> }) {
  const { t } = useTranslation();
  const state = cardStateOf(outcome, (result) => !result.isEmergency);
  const result = outcome.kind === 'done' ? outcome.value : undefined;
  return (
    <AnalysisCard
      testId="emergency-card"
      title={t('analysis_emergency_title')}
      state={state}
      tone={state === 'ready' ? 'alert' : undefined}
      errorText={t('failed_to_analyze_emergency')}
      emptyText={t('analysis_emergency_empty')}
      headerExtra={
        state === 'ready' &&
        result && (
          <span
            className="emergency-severity"
            data-testid="emergency-severity"
            data-severity={result.severity}
          >
            {t(SEVERITY_KEYS[result.severity])}
          </span>
        )
      }
    >
      {result && (
        <>
          <p className="emergency-disclaimer">{t('analysis_emergency_disclaimer')}</p>
          {result.detectedIssues.length > 0 && (
            <ul className="emergency-issues" aria-label={t('analysis_emergency_issues')}>
              {result.detectedIssues.map((issue) => (
                <li key={issue} className="analysis-badge" data-testid="emergency-issue" dir="auto">
                  {issue}
                </li>
              ))}
            </ul>
          )}
          {result.emergencyContacts.length > 0 && (
            <>
              <h4 className="analysis-subtitle">
                {result.countryDetected.trim() !== ''
                  ? t('analysis_emergency_contacts_in', { country: result.countryDetected })
                  : t('analysis_emergency_contacts')}
              </h4>
              <div className="emergency-contacts">
                {result.emergencyContacts.map((contact) => (
                  <a
                    key={`${contact.type}-${contact.number}`}
                    className="emergency-contact"
                    data-testid="emergency-contact"
                    data-type={contact.type}
                    data-number={contact.number}
                    data-urgent={isUrgent(contact)}
                    href={`tel:${contact.number.replace(/[^\d+*#]/g, '')}`}
                  >
                    <span>{t(contactLabelKey(contact))}</span>
                    <strong>{contact.number}</strong>
                  </a>
                ))}
              </div>
            </>
          )}
          {result.nearbyMedicalFacilities.length > 0 && (
            <>
              <h4 className="analysis-subtitle">{t('analysis_emergency_facilities')}</h4>
              <ul className="analysis-list">
                {result.nearbyMedicalFacilities.map((facility, index) => (
                  <li
                    key={`${index}-${facility.name}`}
                    className="emergency-facility"
                    data-testid="emergency-facility"
                    data-type={facility.type}
                  >
                    <a href={facilityHref(facility)} target="_blank" rel="noopener noreferrer">
                      {facility.name}
                    </a>
                    <span className="analysis-badge">{t(FACILITY_KEYS[facility.type])}</span>
                    {facility.address.trim() !== '' && (
                      <span className="analysis-detail" dir="auto">
                        {facility.address}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </AnalysisCard>
  );
}
