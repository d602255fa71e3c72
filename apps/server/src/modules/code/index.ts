// The payment-code module's front door: batches of printable QR codes (/code-setting), binding them to merchants
// (/mch-code-setting), and what the cashier reads of a code.
import type { AppModule } from '../../module.ts';

export { findCodeForPayment, type CodeForPayment } from './code-lookup.service.ts';

export const module: AppModule = {
  name: 'code',
};
