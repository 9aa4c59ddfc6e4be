import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import '@aws-amplify/ui-react/styles/reset.css';
import 'virtual:amplify-theme.css';
import './app.css';
import './i18n';
import { App } from './app';
import { appRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={createBrowserRouter(appRoutes)} />
  </StrictMode>,
);
