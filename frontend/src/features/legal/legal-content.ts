import type { ParseKeys } from 'i18next';

type Key = ParseKeys<'translation'>;

export interface LegalSection {
  readonly title: Key;
  readonly paragraphs: readonly Key[];
  /** A bulleted list after the paragraphs. */
  readonly items?: readonly Key[];
}

// docs/SPEC.md §1 policy statements, placed where a reader looks for them: storage of voice and images (privacy), the
// minimum age (privacy and terms), billing and renewal (terms and refunds), the refund exceptions and the reply
// time (refunds).
export const privacyPolicySections: readonly LegalSection[] = [
  { title: 'legal_privacy_voice_title', paragraphs: ['legal_privacy_voice_body'] },
  { title: 'legal_privacy_account_title', paragraphs: ['legal_privacy_account_body'] },
  { title: 'legal_privacy_payments_title', paragraphs: ['legal_privacy_payments_body'] },
  { title: 'legal_privacy_device_title', paragraphs: ['legal_privacy_device_body'] },
  { title: 'legal_privacy_history_title', paragraphs: ['legal_privacy_history_body'] },
  { title: 'legal_privacy_age_title', paragraphs: ['legal_privacy_age_body'] },
  { title: 'legal_privacy_choices_title', paragraphs: ['legal_privacy_choices_body'] },
];

export const termsOfServiceSections: readonly LegalSection[] = [
  { title: 'legal_terms_acceptance_title', paragraphs: ['legal_terms_acceptance_body'] },
  { title: 'legal_terms_age_title', paragraphs: ['legal_terms_age_body'] },
  { title: 'legal_terms_service_title', paragraphs: ['legal_terms_service_body'] },
  { title: 'legal_terms_free_title', paragraphs: ['legal_terms_free_body'] },
  { title: 'legal_terms_billing_title', paragraphs: ['legal_terms_billing_body'] },
  { title: 'legal_terms_refunds_title', paragraphs: ['legal_terms_refunds_body'] },
  { title: 'legal_terms_conduct_title', paragraphs: ['legal_terms_conduct_body'] },
  { title: 'legal_terms_changes_title', paragraphs: ['legal_terms_changes_body'] },
];

export const refundPolicySections: readonly LegalSection[] = [
  { title: 'legal_refund_general_title', paragraphs: ['legal_refund_general_body'] },
  {
    title: 'legal_refund_exceptions_title',
    paragraphs: ['legal_refund_exceptions_intro'],
    items: [
      'legal_refund_exception_technical',
      'legal_refund_exception_billing',
      'legal_refund_exception_failure',
    ],
  },
  { title: 'legal_refund_request_title', paragraphs: ['legal_refund_request_body'] },
  { title: 'legal_refund_reply_title', paragraphs: ['legal_refund_reply_body'] },
];
