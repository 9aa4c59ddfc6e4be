import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';
import { PAGES } from '@wayfarer/shared/api/pages';
import { useSession, type SessionValue } from '../lib/session-context';
import { Tooltip } from '../lib/tooltip';
import { HeaderMenu } from './header-menu';
import { LanguageSwitcher } from './language-switcher';
import { CameraIcon, HistoryIcon, HomeIcon, MenuIcon, UserIcon } from './nav-icons';
import { ThemeToggle } from './theme-toggle';
import { useMediaQuery } from '../lib/use-media-query';

// Below this width the account items and the language select move into the hamburger menu.
const COMPACT_HEADER_QUERY = '(max-width: 767.98px)';

// docs/SPEC.md §2 Header: Subscribe shows unless the plan is already active; Manage only when there is a plan to manage.
const showsSubscribe = (status: SubscriptionStatus) => status !== 'ACTIVE';
const showsManage = (status: SubscriptionStatus) => status === 'ACTIVE' || status === 'CANCELED';

function SignedOutActions() {
  const { t } = useTranslation();
  return (
    <>
      <Link to={PAGES.login} className="button" data-testid="header-login">
        {t('header_login')}
      </Link>
      <Link to={PAGES.register} className="button button-primary" data-testid="header-register">
        {t('header_register')}
      </Link>
    </>
  );
}

function SubscribeLink() {
  const { t } = useTranslation();
  return (
    <Link to={PAGES.subscribe} className="button button-primary" data-testid="header-subscribe">
      {t('header_subscribe')}
    </Link>
  );
}

function AccountItems({ session }: { session: SessionValue }) {
  const { t } = useTranslation();
  const status = session.user?.subscriptionStatus ?? 'NONE';
  return (
    <>
      <p className="menu-email" data-testid="user-menu-email">
        {t('menu_signed_in_as', { email: session.user?.email ?? '' })}
      </p>
      <Link to={PAGES.account} className="menu-item" data-testid="menu-account">
        {t('menu_account_page')}
      </Link>
      {showsManage(status) && (
        <Link to={PAGES.manageSubscription} className="menu-item" data-testid="menu-manage-subscription">
          {t('menu_manage_subscription')}
        </Link>
      )}
      <button type="button" className="menu-item" data-testid="menu-logout" onClick={session.logout}>
        {t('menu_logout')}
      </button>
    </>
  );
}

function WideActions({ session }: { session: SessionValue }) {
  const { t } = useTranslation();
  if (session.status === 'loading') return <span className="header-actions-placeholder" aria-hidden="true" />;
  if (session.status === 'signed-out') return <SignedOutActions />;
  return (
    <>
      {showsSubscribe(session.user?.subscriptionStatus ?? 'NONE') && <SubscribeLink />}
      <HeaderMenu testId="user-menu" label={t('menu_account')} icon={<UserIcon />}>
        <AccountItems session={session} />
      </HeaderMenu>
    </>
  );
}

function CompactMenu({ session }: { session: SessionValue }) {
  const { t } = useTranslation();
  const status = session.user?.subscriptionStatus ?? 'NONE';
  return (
    <HeaderMenu testId="hamburger" label={t('menu_open')} icon={<MenuIcon />}>
      <LanguageSwitcher />
      {session.status === 'signed-out' && <SignedOutActions />}
      {session.status === 'signed-in' && (
        <>
          {showsSubscribe(status) && <SubscribeLink />}
          <AccountItems session={session} />
        </>
      )}
    </HeaderMenu>
  );
}

function NavIcon({
  to,
  testId,
  label,
  icon,
  end,
}: {
  to: string;
  testId: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
}) {
  return (
    <Tooltip label={label}>
      <NavLink to={to} end={end} className="icon-link" data-testid={testId} aria-label={label}>
        {icon}
      </NavLink>
    </Tooltip>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const session = useSession();
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);

  return (
    <header className="app-header" data-testid="app-header">
      <div className="header-start">
        <Link to={PAGES.home} className="app-title">
          {t('app_title')}
        </Link>
        <nav className="app-nav" aria-label={t('nav_main_label')}>
          <NavIcon to={PAGES.home} testId="nav-home" label={t('nav_home')} icon={<HomeIcon />} end />
          <NavIcon
            to={PAGES.translatePhoto}
            testId="nav-photo"
            label={t('nav_photo')}
            icon={<CameraIcon />}
          />
          <NavIcon to={PAGES.history} testId="nav-history" label={t('nav_history')} icon={<HistoryIcon />} />
        </nav>
      </div>
      <div className="header-actions">
        {!compact && <LanguageSwitcher />}
        <ThemeToggle />
        {compact ? <CompactMenu session={session} /> : <WideActions session={session} />}
      </div>
    </header>
  );
}
