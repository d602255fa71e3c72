import type { TFunction } from 'i18next';
import type { MerchantScopeValue } from '@/components/merchant-scope-input';

/** What a member's merchants mean, for the field's `extra` (under the field and its error). */
export const merchantScopeHint = (t: TFunction, value: MerchantScopeValue | undefined, ownerRole = false) =>
  t(ownerRole ? 'scope.ownerAll' : value ? 'scope.hintSome' : 'scope.hintAll');
