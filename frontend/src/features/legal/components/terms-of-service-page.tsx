import { termsOfServiceSections } from '../legal-content';
import { LegalPage } from './legal-page';

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="terms_of_service_page_title"
      summary="terms_of_service_page_description"
      sections={termsOfServiceSections}
    />
  );
}
