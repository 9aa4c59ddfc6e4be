import { describe, expect, it } from 'vitest';
import { registerServiceWorkerWhenIdle } from './register-service-worker';

describe('service worker registration', () => {
  it('waits for the load event and then an idle moment', () => {
    const steps: string[] = [];
    let loaded: () => void = () => {};
    let idle: () => void = () => {};
    registerServiceWorkerWhenIdle({
      register: () => steps.push('register'),
      afterLoad: (callback) => {
        steps.push('wait for load');
        loaded = callback;
      },
      whenIdle: (callback) => {
        steps.push('wait for idle');
        idle = callback;
      },
    });
    expect(steps).toEqual(['wait for load']);
    loaded();
    expect(steps).toEqual(['wait for load', 'wait for idle']);
    idle();
    expect(steps).toEqual(['wait for load', 'wait for idle', 'register']);
  });
});
