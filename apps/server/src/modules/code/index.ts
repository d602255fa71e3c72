// The payment-code module's front door: batches of printable QR codes (/code-setting), binding them to merchants
// (/mch-code-setting), and what the cashier reads of a code.
import type { AppModule } from '../../module.ts';
import codeRoutes from './code.routes.ts';
import { hasCodes } from './code-query.service.ts';

export { findCodeForPayment, openCodesOf, type CodeForPayment } from './code-lookup.service.ts';
export { importCodeBatch, type ImportedCodeBatch } from './code-import.service.ts';

export const module: AppModule = {
  name: 'code',
  routes: [{ plugin: codeRoutes, prefix: '/api/merchant' }],
  welcomeSteps: [{ key: 'firstCode', path: '/code-setting', done: hasCodes }],
};
