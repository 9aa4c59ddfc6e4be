import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@wayfarer/shared/api/vision';
import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';
import type { UserProfile } from '../../ports/users';
import type { Vision } from '../../ports/vision';
import { SUBSCRIPTION_REQUIRED, translateImage, type VisionPorts } from './service';

const MENU = readFileSync(
  fileURLToPath(new URL('../../../frontend/e2e/fixtures/menu.mjpeg', import.meta.url)),
);
const READ = { originalText: 'Café 3,20 €', translatedText: 'Coffee 3.20 €' };

function portsFor(status: SubscriptionStatus, seen: Parameters<Vision['readImage']>[0][] = []): VisionPorts {
  return {
    users: {
      getProfile: async (sub) => ({ sub, email: 'a@example.com', subscriptionStatus: status }) as UserProfile,
    },
    // The photo quota has its own test over DynamoDB Local (handler.int.test.ts).
    charge: async () => undefined,
    vision: async () => ({
      readImage: async (input) => {
        seen.push(input);
        return {
          ...READ,
          prices: [
            { originalText: '3,20 €', amount: 3.2, currency: 'EUR', context: 'Café' },
            { originalText: 'n/a', amount: 0, currency: 'n/a', context: '' },
          ],
        };
      },
    }),
  };
}

/** A multipart body built by the runtime's own FormData, as a browser would send it. */
async function upload(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    sub: 'user-1',
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? undefined,
  };
}
const jpeg = (bytes: Uint8Array, type = 'image/jpeg') => new Blob([bytes], { type });

describe('translateImage', () => {
  it("reads an ACTIVE subscriber's JPEG in the target language and keeps only usable prices", async () => {
    const seen: Parameters<Vision['readImage']>[0][] = [];
    const reply = await translateImage(
      portsFor('ACTIVE', seen),
      await upload({ image: jpeg(MENU), targetLanguage: 'en' }),
    );
    expect(reply).toEqual({
      ...READ,
      prices: [{ originalText: '3,20 €', amount: 3.2, currency: 'EUR', context: 'Café' }],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.targetLanguage).toBe('en');
    expect(seen[0]!.image.equals(MENU)).toBe(true);
  });

  it('refuses a signed-in caller without an ACTIVE subscription with 403', async () => {
    for (const status of ['NONE', 'CANCELED', 'PAST_DUE'] as SubscriptionStatus[]) {
      await expect(
        translateImage(portsFor(status), await upload({ image: jpeg(MENU), targetLanguage: 'en' })),
      ).rejects.toMatchObject({ statusCode: 403, message: SUBSCRIPTION_REQUIRED });
    }
  });

  it('judges the image by its bytes, not its declared type', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await expect(
      translateImage(
        portsFor('ACTIVE'),
        await upload({ image: jpeg(png, 'image/jpeg'), targetLanguage: 'en' }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/^image: /) });
    await expect(
      translateImage(
        portsFor('ACTIVE'),
        await upload({ image: jpeg(MENU, 'application/octet-stream'), targetLanguage: 'en' }),
      ),
    ).resolves.toMatchObject(READ);
  });

  it('refuses an image over MAX_IMAGE_BYTES with 413', async () => {
    const big = Buffer.concat([MENU, Buffer.alloc(MAX_IMAGE_BYTES)]);
    await expect(
      translateImage(portsFor('ACTIVE'), await upload({ image: jpeg(big), targetLanguage: 'en' })),
    ).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses a missing image with 400', async () => {
    await expect(
      translateImage(portsFor('ACTIVE'), await upload({ targetLanguage: 'en' })),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'image: Required',
    });
  });

  it('refuses an image sent as a text field with 400', async () => {
    await expect(
      translateImage(portsFor('ACTIVE'), await upload({ image: 'not a file', targetLanguage: 'en' })),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a missing targetLanguage with 400', async () => {
    await expect(
      translateImage(portsFor('ACTIVE'), await upload({ image: jpeg(MENU) })),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'targetLanguage: Required',
    });
  });

  it('refuses a language that is not available with 422', async () => {
    await expect(
      translateImage(portsFor('ACTIVE'), await upload({ image: jpeg(MENU), targetLanguage: 'xx' })),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/^targetLanguage: /) });
  });

  it('refuses a body that is not well-formed multipart with 400', async () => {
    const body = {
      sub: 'user-1',
      body: Buffer.from('--b\r\nnonsense'),
      contentType: 'multipart/form-data; boundary=b',
    };
    await expect(translateImage(portsFor('ACTIVE'), body)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers 503 photo_error_translation_failed when the engine fails', async () => {
    const ports: VisionPorts = {
      ...portsFor('ACTIVE'),
      vision: () => Promise.reject(new Error('engine down')),
    };
    await expect(
      translateImage(ports, await upload({ image: jpeg(MENU), targetLanguage: 'en' })),
    ).rejects.toMatchObject({ statusCode: 503, message: 'photo_error_translation_failed' });
  });
});
