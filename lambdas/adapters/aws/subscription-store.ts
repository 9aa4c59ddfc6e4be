import type { Subscriptions } from '../../ports/billing';
import { customerKey, isTransactionConditionFailure, userProfileKey, type Table } from './table';
import { createUserProfiles } from './user-profile-store';

/**
 * The billing side of a user's profile (`USER#<sub>` / `PROFILE`) and the `CUSTOMER#<id>` / `USER` reverse
 * lookup Stripe's webhooks are resolved through (docs/DESIGN.md §4).
 */
export function createSubscriptionStore(table: Table): Subscriptions {
  const profiles = createUserProfiles(table);
  return {
    getProfile: (sub) => profiles.getProfile(sub),
    async linkStripeCustomer(sub, stripeCustomerId) {
      // Together: a profile that names a customer always has the reverse lookup webhooks resolve it by.
      await table.transactWrite([
        { Put: { TableName: table.name, Item: { ...customerKey(stripeCustomerId), sub } } },
        {
          Update: {
            TableName: table.name,
            Key: userProfileKey(sub),
            UpdateExpression: 'SET #customer = :customer',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#customer': 'stripeCustomerId' },
            ExpressionAttributeValues: { ':customer': stripeCustomerId },
          },
        },
      ]);
    },
    async findSubByStripeCustomer(stripeCustomerId) {
      const item = await table.get(customerKey(stripeCustomerId), { consistent: true });
      return typeof item?.sub === 'string' ? item.sub : undefined;
    },
    async applySubscription(sub, state, eventId) {
      const changedAt = state.changedAt.toISOString();
      const before = await table.get(userProfileKey(sub), { consistent: true });
      if (!before) throw new Error('No profile for this account');
      try {
        await table.transactWrite([
          {
            Update: {
              TableName: table.name,
              Key: userProfileKey(sub),
              UpdateExpression:
                'SET #status = :status, #cancel = :cancel, #periodEnd = :periodEnd, #changedAt = :changedAt, ' +
                '#eventId = :eventId',
              // ISO timestamps of one format compare as strings in time order.
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(#changedAt) OR #changedAt < :changedAt OR ' +
                '(#changedAt = :changedAt AND (#status <> :ended OR #eventId = :eventId)))',
              ExpressionAttributeNames: {
                '#status': 'subscriptionStatus',
                '#cancel': 'cancelAtPeriodEnd',
                '#periodEnd': 'currentPeriodEnd',
                '#changedAt': 'subscriptionChangedAt',
                '#eventId': 'subscriptionEventId',
              },
              ExpressionAttributeValues: {
                ':status': state.status,
                ':cancel': state.cancelAtPeriodEnd,
                ':periodEnd': state.currentPeriodEnd,
                ':changedAt': changedAt,
                ':ended': 'CANCELED',
                ':eventId': eventId,
              },
            },
          },
        ]);
      } catch (error) {
        if (!isTransactionConditionFailure(error)) throw error;
        return 'stale';
      }
      const unchanged =
        before.subscriptionEventId !== eventId &&
        before.subscriptionStatus === state.status &&
        before.cancelAtPeriodEnd === state.cancelAtPeriodEnd &&
        (before.currentPeriodEnd ?? null) === state.currentPeriodEnd;
      return unchanged ? 'unchanged' : 'applied';
    },
  };
}
