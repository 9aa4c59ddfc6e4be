import { refundPolicySections } from '../legal-content';
import { LegalPage } from './legal-page';

export function RefundPolicyPage() {
  return (
    <LegalPage
      title="refund_policy_page_title"
      summary="refund_policy_page_description"
      sections={refundPolicySections}
    />
  );
}
