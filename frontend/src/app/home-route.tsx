import { lazy } from 'react';
import type * as HomeScreenExports from './home-screen';

type HomeScreenModule = typeof HomeScreenExports;
let homeScreenModule: HomeScreenModule | undefined;

/**
 * The home screen's code (voice, onboarding) is not in the first bundle either: the header and the screen's outline
 * paint without it (docs/DESIGN.md §8). main.tsx starts this fetch at once on `/`, beside the locale file's, so it
 * does not wait for the layout to render. A component (not a route `lazy`) so the layout renders around it.
 */
export const loadHomeScreen = async (): Promise<HomeScreenModule> =>
  (homeScreenModule ??= await import('./home-screen'));
const LazyHomeScreen = lazy(async () => ({ default: (await loadHomeScreen()).HomeScreen }));
// Once its code is in, the screen renders without suspending: a Suspense boundary that showed its fallback is
// revealed by React at the earliest 300 ms after that fallback appeared, which the first screen's largest paint
// would wait for (docs/DESIGN.md §8, first paint).
export const HomeRoute = () => (homeScreenModule ? <homeScreenModule.HomeScreen /> : <LazyHomeScreen />);
