import type { ParseKeys } from 'i18next';

/** docs/SPEC.md §2 /subscribe: six feature bullets, each a translation key (their texts are ours, §9). */
export const PRO_FEATURE_KEYS = [
  'subscribe_feature_unlimited',
  'subscribe_feature_translation',
  'subscribe_feature_voice',
  'subscribe_feature_assistant',
  'subscribe_feature_photo',
  'subscribe_feature_cancel',
] as const satisfies readonly ParseKeys<'translation'>[];
