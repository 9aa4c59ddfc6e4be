import type { BackendModule, ReadCallback } from 'i18next';

/**
 * The i18next backend that fetches GET /locales/{lng}/{ns}.json. In place of i18next-http-backend, whose XHR and
 * fetch-polyfill fallbacks no supported browser needs, on the first paint's path (docs/DESIGN.md §8). Same contract:
 * a network failure, a 5xx or a 429 is reported as worth retrying (i18next retries it: maxRetries, retryTimeout);
 * any other non-OK answer or a body that is not JSON is final.
 */
export interface LocaleBackendOptions {
  /** With `{{lng}}` and `{{ns}}` in it (frontend/src/lib/ui-constants.ts LOCALE_LOAD_PATH). */
  readonly loadPath: string;
}

export class LocaleBackend implements BackendModule<LocaleBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  private loadPath = '';

  init(_services: unknown, options: LocaleBackendOptions): void {
    this.loadPath = options.loadPath;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = this.loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
    fetch(url).then(
      (response) => {
        if (!response.ok) {
          const retry = response.status >= 500 || response.status === 429;
          return callback(`failed loading ${url}: status ${response.status}`, retry);
        }
        return response.json().then(
          (data: unknown) => callback(null, data as Parameters<ReadCallback>[1]),
          () => callback(`failed parsing ${url} as JSON`, false),
        );
      },
      () => callback(`failed loading ${url}: network error`, true),
    );
  }
}
