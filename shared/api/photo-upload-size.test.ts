import { describe, expect, it } from 'vitest';
import {
  API_EVENT_ENVELOPE_BYTES,
  base64Length,
  IMAGE_UPLOAD,
  LAMBDA_REQUEST_LIMIT_BYTES,
  MAX_IMAGE_BYTES,
  MULTIPART_FRAMING_BYTES,
  routeTable,
} from './route-table';

// A photo above ~4.5 MB failed in AWS with a gateway error rather than a 413: API Gateway hands Lambda the multipart
// body base64-encoded, and Lambda refuses a request over 6 MB.
describe('the photo upload limit comes from the real ceiling', () => {
  it('the largest accepted body, base64-encoded in its event, fits Lambda’s 6 MB request', () => {
    expect(LAMBDA_REQUEST_LIMIT_BYTES).toBe(6_291_456);
    expect(base64Length(IMAGE_UPLOAD) + API_EVENT_ENVELOPE_BYTES).toBeLessThanOrEqual(
      LAMBDA_REQUEST_LIMIT_BYTES,
    );
    // And it is the largest such body, not an arbitrary smaller one.
    expect(base64Length(IMAGE_UPLOAD + 3) + API_EVENT_ENVELOPE_BYTES).toBeGreaterThan(
      LAMBDA_REQUEST_LIMIT_BYTES,
    );
  });

  it('the route admits the largest image with its multipart framing, and that image is about 4.4 MB', () => {
    const route = routeTable.find((entry) => entry.id === 'vision.translateImage');
    expect(route?.maxBodyBytes).toBe(IMAGE_UPLOAD);
    expect(MAX_IMAGE_BYTES + MULTIPART_FRAMING_BYTES).toBe(IMAGE_UPLOAD);
    expect(MAX_IMAGE_BYTES).toBe(4_653_056);
  });

  it('the old 5 MB image limit did not fit', () => {
    expect(base64Length(5 * 1024 * 1024 + 64 * 1024)).toBeGreaterThan(LAMBDA_REQUEST_LIMIT_BYTES);
  });
});
