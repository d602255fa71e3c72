import { fieldOf } from '@/lib/api';

export interface FieldError {
  name: string;
  errors: string[];
}

/**
 * A server msg like "body.creditCode: must be ...; body.contactMobile: must be ..." as form errors: each part
 * goes beside the field it names when the form has that field, otherwise beside `fallback`.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[], fallback: string): FieldError[] {
  const { field, message } = fieldOf(error);
  const text = field ? `${field}: ${message}` : message;
  const byField = new Map<string, string[]>();
  // "; " separates fields only when a field name follows ("smsCode: is wrong; 4 tries left" is one message).
  for (const part of text.split(/; (?=(?:body\.|querystring\.)?[A-Za-z]\w*: )/)) {
    const m = /^(?:(?:body|querystring)\.)?([A-Za-z]\w*): (.+)$/.exec(part);
    const name = m && fields.includes(m[1]!) ? m[1]! : fallback;
    const problem = m && fields.includes(m[1]!) ? m[2]! : part;
    byField.set(name, [...(byField.get(name) ?? []), problem]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
