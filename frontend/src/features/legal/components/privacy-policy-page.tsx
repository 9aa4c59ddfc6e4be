import { privacyPolicySections } from '../legal-content';
import { LegalPage } from './legal-page';

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="privacy_policy_page_title"
      summary="privacy_policy_page_description"
      sections={privacyPolicySections}
    />
  );
}
