import { createContext, useContext } from 'react';
import type { ApplicationDraftInput, OnboardingUploadResult } from '@mchweb/contract';

/**
 * What the wizard calls: a member's portal (`/api/merchant/inco/*`, through the mutation hooks) or the invited
 * merchant's public page (`/api/pay/inco/*`, plain calls: no QueryClient there). The wizard itself knows neither.
 */
export interface WizardApi {
  /** Save the whole application; `applyNo` once it exists. */
  save: (draft: ApplicationDraftInput, applyNo: string | null) => Promise<{ applyNo: string }>;
  submit: (applyNo: string) => Promise<unknown>;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<OnboardingUploadResult>;
  /** Where an upload is read back (the server checks who asks). */
  fileUrl: (fileId: string) => string;
}

export const WizardApiContext = createContext<WizardApi | null>(null);
export function useWizardApi(): WizardApi {
  const api = useContext(WizardApiContext);
  if (!api) throw new Error('useWizardApi outside the wizard');
  return api;
}
