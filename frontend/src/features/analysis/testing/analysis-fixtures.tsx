import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { EmergencyResult, Location, Price } from '@wayfarer/shared/api/analysis';
import { createTestI18n } from '../../../testing/render-app';

export async function renderInEnglish(element: ReactElement) {
  const i18n = await createTestI18n();
  return render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

export function aPrice(overrides: Partial<Price> = {}): Price {
  return {
    originalText: 'twenty five euros',
    amount: 25,
    currency: 'EUR',
    context: 'the taxi fare',
    targetCurrency: 'GBP',
    convertedAmount: 21.48,
    isAlreadyInTargetCurrency: false,
    ...overrides,
  };
}

export function aLocation(overrides: Partial<Location> = {}): Location {
  return {
    originalText: 'the Eiffel Tower',
    name: 'Eiffel Tower',
    address: 'Champ de Mars, Paris',
    type: 'landmark',
    latitude: '48.8583701',
    longitude: '2.2944813',
    ...overrides,
  };
}

export function anEmergency(overrides: Partial<EmergencyResult> = {}): EmergencyResult {
  return {
    isEmergency: true,
    severity: 'high',
    detectedIssues: ['medical'],
    countryDetected: 'France',
    emergencyContacts: [
      { type: 'general', number: '112', labelKey: 'emergency_contact_general', country: 'FR' },
      { type: 'medical', number: '15', labelKey: 'emergency_contact_medical', country: 'FR' },
      { type: 'police', number: '17', labelKey: 'emergency_contact_police', country: 'FR' },
      { type: 'fire', number: '18', labelKey: 'emergency_contact_fire', country: 'FR' },
    ],
    nearbyMedicalFacilities: [
      { name: 'Hospital near Eiffel Tower', type: 'hospital', address: 'Paris', latitude: '', longitude: '' },
    ],
    ...overrides,
  };
}
