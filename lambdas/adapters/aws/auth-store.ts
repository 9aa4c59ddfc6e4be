import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AttemptCounters, RefreshSessions, ResetTokens, UserProfile, Users } from '../../ports';
import { tableDefinition } from './table-definition';
import {
  accountSessionsIndexKey,
  accountSessionsPartition,
  attemptsKey,
  epochSeconds,
  isConditionalCheckFailure,
  isLive,
  profileEmailIndexKey,
  profileEmailPartition,
  refreshSessionKey,
  resetTokenKey,
  userProfileKey,
  type Table,
} from './table';

const TTL = tableDefinition.timeToLiveAttribute;

function sha256(purpose: string, value: string): Buffer {
  return createHash('sha256').update(purpose).update('\0').update(value).digest();
}

// The refresh token is sealed with a key only the access token yields, and the item is found by a different
// hash of it: a copy of the table alone holds no usable refresh token.
const sessionId = (accessToken: string) => sha256('session-id', accessToken).toString('base64url');
const sessionKey = (accessToken: string) => sha256('session-key', accessToken);

function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function unseal(sealed: string, key: Buffer): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** Deletes the item if it is still live and returns what it held; undefined when absent or expired. */
async function takeLive(table: Table, key: { pk: string; sk: string }, now: Date) {
  try {
    const { Attributes } = await table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: key,
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL },
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

export function createRefreshSessions(table: Table): RefreshSessions {
  return {
    async save({ accessToken, sub, refreshToken, expiresAt }) {
      const id = sessionId(accessToken);
      await table.put({
        ...refreshSessionKey(id),
        ...accountSessionsIndexKey(sub, id),
        sub,
        sealedRefreshToken: seal(refreshToken, sessionKey(accessToken)),
        [TTL]: expiresAt,
      });
    },
    async take(accessToken, now) {
      const item = await takeLive(table, refreshSessionKey(sessionId(accessToken)), now);
      if (typeof item?.sub !== 'string' || typeof item.sealedRefreshToken !== 'string') return undefined;
      return { sub: item.sub, refreshToken: unseal(item.sealedRefreshToken, sessionKey(accessToken)) };
    },
    async endAll(sub) {
      // The index is eventually consistent: a session saved in the same instant may survive, and ends with
      // its access token (an hour at most), as every session without a refresh would.
      const sessions = await table.query(accountSessionsPartition(sub), { index: 'gsi1' });
      await Promise.all(
        sessions.map((item) =>
          table.client.send(new DeleteCommand({ TableName: table.name, Key: { pk: item.pk, sk: item.sk } })),
        ),
      );
    },
  };
}

export function createResetTokens(table: Table): ResetTokens {
  return {
    async save({ tokenHash, sub, expiresAt }) {
      await table.put({ ...resetTokenKey(tokenHash), sub, [TTL]: expiresAt });
    },
    async redeem(tokenHash, now) {
      // One conditional delete: of two concurrent redemptions exactly one gets the sub.
      const item = await takeLive(table, resetTokenKey(tokenHash), now);
      return typeof item?.sub === 'string' ? item.sub : undefined;
    },
  };
}

export function createAttemptCounters(table: Table): AttemptCounters {
  return {
    async count(counter, windowSeconds, now) {
      const nowSeconds = epochSeconds(now);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      const { Attributes } = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: attemptsKey(counter, windowStart),
          UpdateExpression: 'ADD #count :one SET #ttl = :expiresAt',
          ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL },
          ExpressionAttributeValues: { ':one': 1, ':expiresAt': windowStart + windowSeconds },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const count = Attributes?.count;
      return typeof count === 'number' ? count : 1;
    },
  };
}

/** The profile half of the Users port that accounts need; billing adds the subscription writes. */
export type UserProfiles = Pick<Users, 'getProfile' | 'createProfile' | 'findSubByEmail'>;

export function createUserProfiles(table: Table): UserProfiles {
  return {
    async getProfile(sub) {
      const item = await table.get(userProfileKey(sub), { consistent: true });
      if (!item || !isLive(item) || typeof item.email !== 'string') return undefined;
      return {
        sub,
        email: item.email,
        subscriptionStatus:
          (item.subscriptionStatus as UserProfile['subscriptionStatus'] | undefined) ?? 'NONE',
        ...(typeof item.stripeCustomerId === 'string' ? { stripeCustomerId: item.stripeCustomerId } : {}),
        cancelAtPeriodEnd: item.cancelAtPeriodEnd === true,
        currentPeriodEnd: typeof item.currentPeriodEnd === 'string' ? item.currentPeriodEnd : null,
      };
    },
    async createProfile(profile) {
      // Never overwrites: a profile that billing has already written keeps its subscription.
      await table.putIfAbsent({
        ...userProfileKey(profile.sub),
        ...profileEmailIndexKey(profile.email, new Date()),
        ...profile,
      });
    },
    async findSubByEmail(email) {
      const [newest] = await table.query(profileEmailPartition(email), {
        index: 'gsi1',
        newestFirst: true,
        limit: 1,
      });
      return typeof newest?.sub === 'string' ? newest.sub : undefined;
    },
  };
}
