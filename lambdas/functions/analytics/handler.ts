import { getConfig } from '../../config';
import { httpRoute } from '../../http/route';
import { getAnalytics, getAttemptCounters, getEvents, perContainer, systemClock } from '../../providers';
import { analyticsStats, trackPageView, checkAdminPassword } from './service';

// CloudFront adds it in AWS; the local gateway passes it through when a client sets it (docs/SPEC.md §4).
import { VIEWER_COUNTRY_HEADER } from '@wayfarer/shared/api/viewer-headers';

const trackWiring = perContainer(async () => {
  const [config, events] = await Promise.all([getConfig(), getEvents()]);
  return { ports: { events, clock: systemClock }, policy: { ipHashSecret: config.IP_HASH_SECRET } };
});

const adminWiring = perContainer(async () => {
  const [config, attempts] = await Promise.all([getConfig(), getAttemptCounters()]);
  return {
    ports: { attempts, clock: systemClock },
    policy: { passwordHash: config.ADMIN_PASSWORD_HASH, counterSecret: config.IP_HASH_SECRET },
  };
});

export const track = httpRoute('analytics.track', async (request) => {
  const { ports, policy } = await trackWiring();
  return trackPageView(ports, policy, {
    page: request.body.page,
    signedIn: request.auth.kind === 'user',
    sourceIp: request.sourceIp,
    viewerCountry: request.headers[VIEWER_COUNTRY_HEADER],
  });
});

export const verifyAdminPassword = httpRoute('analytics.verifyAdminPassword', async (request) => {
  const { ports, policy } = await adminWiring();
  return checkAdminPassword(ports, policy, {
    password: request.body.password,
    sourceIp: request.sourceIp,
    headers: request.headers,
  });
});

export const stats = httpRoute('analytics.stats', async (request) =>
  analyticsStats({ analytics: await getAnalytics(), clock: systemClock }, request.query.days),
);
