import { httpRoute } from '../../http/route';
import { getProfileReader, getVision } from '../../providers';
import { translateImage as readPhoto } from './service';

export const translateImage = httpRoute('vision.translateImage', async (request) =>
  readPhoto(
    { users: await getProfileReader(), vision: getVision },
    { sub: request.auth.sub, body: request.rawBody, contentType: request.contentType },
  ),
);
