import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { translateMessage } from '../../../lib/translate-message';
import { leaveForProviderPage } from '../api';

/**
 * A button that asks the API for one of the provider's pages (checkout, customer portal) and leaves for it.
 * `opening` covers the call so a double click sends one request; a failure shows its toast (docs/SPEC.md §8)
 * and lets the user try again.
 */
export function useProviderPage(
  createPage: () => Promise<string>,
  failureMessage: (error: unknown) => string,
): { opening: boolean; open: () => void } {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);

  // Back from the provider's page, the browser may restore this page as it was left: opening, for ever.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setOpening(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const open = () => {
    setOpening(true);
    createPage().then(leaveForProviderPage, (error: unknown) => {
      toast.error(translateMessage(t, failureMessage(error)));
      setOpening(false);
    });
  };

  return { opening, open };
}
