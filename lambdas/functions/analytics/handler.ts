// Every route is wired through the full http stack now (size limit, auth, JSON parsing, validation, errors);
// the bodies belong to the analytics issue and answer 501 until it lands.
import { notImplemented } from '../../http/errors';
import { httpRoute } from '../../http/route';

export const verifyAdminPassword = httpRoute('analytics.verifyAdminPassword', notImplemented);
export const stats = httpRoute('analytics.stats', notImplemented);
export const track = httpRoute('analytics.track', notImplemented);
