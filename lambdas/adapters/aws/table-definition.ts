/**
 * The single table's physical shape, shared by the CDK data stack and the local cloud (which creates the
 * table in DynamoDB Local from this same definition). Key shapes live beside the adapter in table.ts.
 */
export const tableDefinition = {
  /** Local table name; in AWS the stack names it and passes the name through TABLE_NAME. */
  localTableName: 'wayfarer',
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [{ indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
  /** DynamoDB deletes items some time after this epoch-seconds attribute passes; reads must still filter. */
  timeToLiveAttribute: 'expiresAt',
} as const;
