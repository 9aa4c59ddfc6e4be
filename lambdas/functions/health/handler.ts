import { createStorageHealth, table } from '../../adapters/aws/table';
import { httpRoute } from '../../http/route';
import { checkHealth } from './service';

const storage = createStorageHealth(table);

export const check = httpRoute('health.check', () => checkHealth({ storage }));
