import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import type { AwsCredentialIdentityProvider } from '@smithy/types';
import type { TableKey } from './table-keys';

/*
 * Signed DynamoDB calls over fetch (a GetItem; the daily counters' UpdateItem), without the DynamoDB client: the
 * analysis, vision, translate and speech functions also carry the openai client, and the two SDKs together do not fit a 400 KB bundle (docs/DESIGN.md §3). Signing is
 * the SDK's own SigV4 signer; the wire format is DynamoDB's JSON protocol.
 */

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytes = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 (or its HMAC, given a secret) in the shape the signer asks for, on node:crypto. */
class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

export interface SignedTableOptions {
  readonly region: string;
  readonly tableName: string;
  /** The standard AWS_ENDPOINT_URL_DYNAMODB override (the local cloud's DynamoDB Local); else the region's. */
  readonly endpoint?: string;
  /** The function's credentials (in Lambda, the runtime's environment variables). */
  readonly credentials: AwsCredentialIdentityProvider;
}

const REQUEST_TIMEOUT_MS = 3_000;

export type SignedGetItem = (
  key: TableKey,
  options?: { readonly consistent?: boolean },
) => Promise<Record<string, NativeAttributeValue> | undefined>;

/** DynamoDB's answer to a request, parsed: its status and its JSON body. */
export interface SignedAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** One signed call of DynamoDB's JSON protocol (`GetItem`, `UpdateItem`) with the request's JSON body. */
export type SignedRequest = (operation: string, body: Record<string, unknown>) => Promise<SignedAnswer>;

export function createSignedRequest(options: SignedTableOptions): SignedRequest {
  const endpoint = new URL(options.endpoint ?? `https://dynamodb.${options.region}.amazonaws.com`);
  const signer = new SignatureV4({
    service: 'dynamodb',
    region: options.region,
    credentials: options.credentials,
    sha256: NodeSha256,
  });
  return async (operation, request) => {
    const body = JSON.stringify(request);
    const signed = await signer.sign({
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      port: endpoint.port === '' ? undefined : Number(endpoint.port),
      path: endpoint.pathname,
      headers: {
        host: endpoint.host,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDB_20120810.${operation}`,
      },
      body,
    });
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: signed.headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const answer = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    return { ok: response.ok, status: response.status, body: answer };
  };
}

export function createSignedGetItem(options: SignedTableOptions): SignedGetItem {
  const request = createSignedRequest(options);
  return async (key, { consistent = false } = {}) => {
    const answer = await request('GetItem', {
      TableName: options.tableName,
      Key: { pk: { S: key.pk }, sk: { S: key.sk } },
      ConsistentRead: consistent,
    });
    if (!answer.ok) throw new Error(`DynamoDB GetItem answered ${answer.status}`);
    const { Item } = answer.body as { Item?: Parameters<typeof unmarshall>[0] };
    return Item === undefined ? undefined : unmarshall(Item);
  };
}
