import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import '@aws-amplify/ui-react/styles/reset.css';
import 'virtual:amplify-theme.css';
import './app.css';
import './i18n';
import { App } from './app';
import { appRoutes, loadHomeScreen } from './router';
import { PAGES } from '@wayfarer/shared/api/pages';

// Fetched beside the locale file instead of after it (the layout renders only once its text is there).
if (window.location.pathname === PAGES.home) void loadHomeScreen().then((home) => home.prefetchHomeScreen());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={createBrowserRouter(appRoutes)} />
  </StrictMode>,
);
