import { defaultHttpDependencies } from './dependencies';
import { createHttpRoutes } from './route-factory';

/** The route builders every handler module uses, bound to the production ports. */
export const { httpRoute, streamingRoute } = createHttpRoutes(defaultHttpDependencies);
