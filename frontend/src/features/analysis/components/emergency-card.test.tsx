// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anEmergency, renderInEnglish } from '../testing/analysis-fixtures';
import { EmergencyCard } from './emergency-card';

describe('emergency card', () => {
  it('shows a skeleton while the text is checked', async () => {
    await renderInEnglish(<EmergencyCard outcome={{ kind: 'pending' }} />);
    expect(screen.getByTestId('emergency-card')).toHaveAttribute('data-state', 'loading');
  });

  it('shows failed_to_analyze_emergency when the check fails', async () => {
    await renderInEnglish(<EmergencyCard outcome={{ kind: 'failed' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not check for an emergency.');
  });

  it('has an empty state when there is no emergency', async () => {
    await renderInEnglish(
      <EmergencyCard outcome={{ kind: 'done', value: anEmergency({ isEmergency: false }) }} />,
    );
    expect(screen.getByTestId('emergency-card')).toHaveAttribute('data-state', 'empty');
    expect(screen.queryByTestId('emergency-severity')).toBeNull();
  });

  it.each(['high', 'medium', 'low'] as const)('labels %s severity with its badge', async (severity) => {
    await renderInEnglish(<EmergencyCard outcome={{ kind: 'done', value: anEmergency({ severity }) }} />);
    const badge = screen.getByTestId('emergency-severity');
    expect(badge).toHaveAttribute('data-severity', severity);
    expect(badge).toHaveTextContent(new RegExp(`^${severity} severity$`, 'i'));
  });

  it('shows the disclaimer and the detected issues as badges', async () => {
    await renderInEnglish(
      <EmergencyCard
        outcome={{ kind: 'done', value: anEmergency({ detectedIssues: ['medical', 'lost passport'] }) }}
      />,
    );
    expect(screen.getByText(/can be wrong/)).toBeInTheDocument();
    expect(screen.getAllByTestId('emergency-issue').map((issue) => issue.textContent)).toEqual([
      'medical',
      'lost passport',
    ]);
  });

  it('dials each contact with tel: and styles general and medical as urgent', async () => {
    await renderInEnglish(<EmergencyCard outcome={{ kind: 'done', value: anEmergency() }} />);
    const contacts = screen.getAllByTestId('emergency-contact');
    expect(contacts.map((contact) => contact.getAttribute('href'))).toEqual([
      'tel:112',
      'tel:15',
      'tel:17',
      'tel:18',
    ]);
    expect(contacts.map((contact) => contact.getAttribute('data-urgent'))).toEqual([
      'true',
      'true',
      'false',
      'false',
    ]);
    expect(within(contacts[2] as HTMLElement).getByText('Police')).toBeInTheDocument();
    expect(within(contacts[3] as HTMLElement).getByText('Fire brigade')).toBeInTheDocument();
    expect(screen.getByText('Emergency numbers (France)')).toBeInTheDocument();
  });

  it('links each facility to a map search, never to an invented address', async () => {
    await renderInEnglish(<EmergencyCard outcome={{ kind: 'done', value: anEmergency() }} />);
    const facility = screen.getByTestId('emergency-facility');
    expect(facility).toHaveAttribute('data-type', 'hospital');
    expect(within(facility).getByText('Hospital')).toBeInTheDocument();
    expect(within(facility).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Hospital%20near%20Eiffel%20Tower%2C%20Paris',
    );
  });
});
