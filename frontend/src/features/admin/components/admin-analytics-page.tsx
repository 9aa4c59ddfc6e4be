import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminUnlocked, setAdminUnlocked } from '../admin-session';
import { AdminDashboard } from './admin-dashboard';
import { AdminPasswordPrompt } from './admin-password-prompt';
import './admin.css';

/** docs/SPEC.md §2 Admin dashboard: locked until the admin password is verified, then unlocked for the session. */
export function AdminAnalyticsPage() {
  const { t } = useTranslation();
  const [unlocked, setUnlocked] = useState(isAdminUnlocked);
  const unlock = useCallback(() => {
    setAdminUnlocked(true);
    setUnlocked(true);
  }, []);
  // The server no longer knows the session (expired, or the password changed): ask again.
  const lock = useCallback(() => {
    setAdminUnlocked(false);
    setUnlocked(false);
  }, []);
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('admin_analytics_page_title')}</h1>
      <p>{t('admin_analytics_page_description')}</p>
      {unlocked ? <AdminDashboard onLocked={lock} /> : <AdminPasswordPrompt onUnlocked={unlock} />}
    </section>
  );
}
