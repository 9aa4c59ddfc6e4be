import { chargePhoto } from '../../domain/daily-ceilings';
import { httpRoute } from '../../http/route';
import { getPhotoCounter, getProfileReader, getVision, systemClock } from '../../providers';
import { translateImage as readPhoto } from './service';

export const translateImage = httpRoute('vision.translateImage', async (request) => {
  const [users, counter] = await Promise.all([getProfileReader(), getPhotoCounter()]);
  return readPhoto(
    { users, vision: getVision, charge: (sub) => chargePhoto({ counter, clock: systemClock }, sub) },
    { sub: request.auth.sub, body: request.rawBody, contentType: request.contentType },
  );
});
