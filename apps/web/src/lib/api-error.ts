import type { Envelope } from '@mchweb/contract';

/** A business refusal: HTTP 200 with `code` other than 200 (or a 401/407/503 envelope). */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly status: number;
  readonly data: unknown;
  constructor(envelope: Partial<Envelope>, status = 200) {
    super(envelope.msg || envelope.message || `code ${envelope.code}`);
    this.name = 'ApiError';
    this.code = envelope.code ?? status;
    this.msg = envelope.msg ?? envelope.message ?? '';
    this.status = status;
    this.data = envelope.data;
  }
}
