// Every route is wired through the full http stack now (size limit, auth, JSON parsing, validation, errors);
// the body belongs to the usage issue and answers 501 until it lands.
import { notImplemented } from '../../http/errors';
import { httpRoute } from '../../http/route';

export const update = httpRoute('usage.update', notImplemented);
