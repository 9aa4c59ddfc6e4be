import { httpRoute } from '../../http/route';
import { getStorageHealth } from '../../providers';
import { checkHealth } from './service';

export const check = httpRoute('health.check', async () => checkHealth({ storage: await getStorageHealth() }));
