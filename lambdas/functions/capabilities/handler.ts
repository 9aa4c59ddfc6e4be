import { countryResponseSchema } from '@wayfarer/shared/api/capabilities';
import { VIEWER_COUNTRY_HEADER } from '@wayfarer/shared/api/viewer-headers';
import { getConfig } from '../../config';
import { httpRoute } from '../../http/route';
import { capabilityStates } from '../../providers';

/** What the UI can offer (translation switch, voices, analysis); the local cloud's banner prints the same. */
export const list = httpRoute('capabilities.list', async () => capabilityStates(await getConfig()));

/**
 * The caller's country for language suggestions (docs/SPEC.md §5), as CloudFront reports it, so no third-party
 * IP service learns the traveller's address. Null when the header is absent or malformed (the local cloud,
 * unless a client sets it).
 */
export const country = httpRoute('capabilities.country', (request) => {
  const parsed = countryResponseSchema.safeParse({
    country: request.headers[VIEWER_COUNTRY_HEADER]?.trim().toUpperCase(),
  });
  return parsed.success ? parsed.data : { country: null };
});
