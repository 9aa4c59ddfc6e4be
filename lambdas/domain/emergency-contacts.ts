import type { EmergencyResult } from '@wayfarer/shared/api/analysis';
import { UNKNOWN_COUNTRY_NUMBER, emergencyNumbersOf } from './emergency-numbers';

type EmergencyContact = EmergencyResult['emergencyContacts'][number];
type MedicalFacility = EmergencyResult['nearbyMedicalFacilities'][number];
type Severity = EmergencyResult['severity'];

const CONTACT_ORDER = ['general', 'medical', 'police', 'fire'] as const;

/**
 * Whom to call in a country, from the checked table only: no analyser, model or not, ever supplies a number.
 * An unknown country gets 112, which any GSM network routes to its local emergency service.
 */
export function emergencyContactsFor(countryCode: string | undefined): EmergencyContact[] {
  const numbers = countryCode ? emergencyNumbersOf(countryCode) : undefined;
  if (!countryCode || !numbers) {
    return [{ type: 'general', number: UNKNOWN_COUNTRY_NUMBER, labelKey: 'emergency_contact_general', country: '' }];
  }
  const code = countryCode.trim().toUpperCase();
  const contacts: EmergencyContact[] = [];
  const seen = new Set<string>();
  for (const type of CONTACT_ORDER) {
    const number = numbers[type];
    if (number === '' || seen.has(number)) continue;
    seen.add(number);
    contacts.push({ type, number, labelKey: `emergency_contact_${type}`, country: code });
  }
  return contacts;
}

/**
 * Places to look for on a map, not invented ones: the card turns each into a map search for the kind of
 * facility near the address (the city the text is about, or wherever the traveller is).
 */
export function medicalFacilitySearches(severity: Severity, near: string): MedicalFacility[] {
  const hospital: MedicalFacility = { name: 'hospital', type: 'hospital', address: near, latitude: '', longitude: '' };
  const pharmacy: MedicalFacility = { name: 'pharmacy', type: 'pharmacy', address: near, latitude: '', longitude: '' };
  return severity === 'low' ? [pharmacy, hospital] : [hospital, pharmacy];
}
