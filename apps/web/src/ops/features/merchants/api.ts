import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsCompanyListBody, opsMerchantListBody, ChannelAccountsInput } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';
import { keysetQuery, useChangeAndRefresh } from '../../components/queries';

export type MerchantFilter = Omit<z.input<typeof opsMerchantListBody>, 'cursor' | 'limit'>;
export type CompanyFilter = Omit<z.input<typeof opsCompanyListBody>, 'cursor' | 'limit'>;

export const merchantKeys = {
  all: ['ops', 'merchants'] as const,
  list: (filter: MerchantFilter) => [...merchantKeys.all, 'list', filter] as const,
  detail: (mchNo: string) => [...merchantKeys.all, 'detail', mchNo] as const,
  companies: (filter: CompanyFilter) => [...merchantKeys.all, 'companies', filter] as const,
  company: (companyId: number) => [...merchantKeys.all, 'company', companyId] as const,
};

export const useMerchantList = (filter: MerchantFilter) =>
  useInfiniteQuery(
    keysetQuery(merchantKeys.list(filter), (cursor, signal) =>
      call(opsEndpoints.merchantList, { body: { ...filter, cursor, limit: 20 } }, { signal }),
    ),
  );

export const useMerchantDetail = (mchNo: string) =>
  useQuery(
    queryOptions({
      queryKey: merchantKeys.detail(mchNo),
      queryFn: ({ signal }) => call(opsEndpoints.merchantDetail, { query: { mchNo } }, { signal }),
    }),
  );

export const useCompanyList = (filter: CompanyFilter) =>
  useInfiniteQuery(
    keysetQuery(merchantKeys.companies(filter), (cursor, signal) =>
      call(opsEndpoints.companyList, { body: { ...filter, cursor, limit: 20 } }, { signal }),
    ),
  );

export const useCompanyDetail = (companyId: number) =>
  useQuery(
    queryOptions({
      queryKey: merchantKeys.company(companyId),
      queryFn: ({ signal }) => call(opsEndpoints.companyDetail, { query: { companyId } }, { signal }),
    }),
  );

export type StatusAction = 'freeze' | 'unfreeze' | 'close';
const MERCHANT_ACTIONS = {
  freeze: opsEndpoints.merchantFreeze,
  unfreeze: opsEndpoints.merchantUnfreeze,
  close: opsEndpoints.merchantClose,
};
const COMPANY_ACTIONS = {
  freeze: opsEndpoints.companyFreeze,
  unfreeze: opsEndpoints.companyUnfreeze,
  close: opsEndpoints.companyClose,
};

/** Freeze, unfreeze or close, with the reason the merchant's members see (quiet: the dialog shows a refusal). */
export const useMerchantStatus = () =>
  useChangeAndRefresh(
    merchantKeys.all,
    ({ action, mchNo, reason }: { action: StatusAction; mchNo: string; reason: string }) =>
      call(MERCHANT_ACTIONS[action], { body: { mchNo, reason } }, { quiet: true }),
  );
export const useCompanyStatus = () =>
  useChangeAndRefresh(
    merchantKeys.all,
    ({ action, companyId, reason }: { action: StatusAction; companyId: number; reason: string }) =>
      call(COMPANY_ACTIONS[action], { body: { companyId, reason } }, { quiet: true }),
  );

/** Set the merchant's channel sub-merchant ids (quiet: the form shows a refusal beside its field). */
export const useSetChannelAccounts = () =>
  useChangeAndRefresh(merchantKeys.all, (body: ChannelAccountsInput & { mchNo: string }) =>
    call(opsEndpoints.merchantChannelAccounts, { body }, { quiet: true }),
  );
