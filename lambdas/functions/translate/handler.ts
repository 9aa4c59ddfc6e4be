// Every route is wired through the full http stack now (size limit, auth, JSON parsing, validation, errors);
// the body belongs to the translation issue and answers 501 until it lands.
import { notImplemented } from '../../http/errors';
import { streamingRoute } from '../../http/route';

export const stream = streamingRoute('translate.stream', notImplemented);
