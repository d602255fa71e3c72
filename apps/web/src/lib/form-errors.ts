import { fieldOf } from '@/lib/api';

export interface FieldError {
  /** The field's dotted name: `mobile`, `legalPerson.idNumber`, `contacts.0.mobile`. */
  name: string;
  errors: string[];
}

// The server names a field by where it was sent and its path: "body.legalPerson.idNumber: must be ...".
const WHERE = '(?:(?:body|querystring|params|headers)\\.)?';
const NAME = '[A-Za-z]\\w*(?:\\.\\w+)*';
// "; " separates fields only when a field name follows ("smsCode: is wrong; 4 tries left" is one message).
const BETWEEN_FIELDS = new RegExp(`; (?=${WHERE}${NAME}: )`);
const FIELD_PART = new RegExp(`^${WHERE}(${NAME}): (.+)$`, 's');

/**
 * A server msg like "body.creditCode: must be ...; body.contactMobile: must be ..." as form errors: each part
 * goes beside the field it names when the form has that field (a list of dotted names, or a test), otherwise
 * beside `fallback`, with the field's name left in the text.
 */
export function serverFieldErrors(
  error: unknown,
  fields: readonly string[] | ((name: string) => boolean),
  fallback: string,
): FieldError[] {
  const isField = typeof fields === 'function' ? fields : (name: string) => fields.includes(name);
  const { field, message } = fieldOf(error);
  const text = field ? `${field}: ${message}` : message;
  const byField = new Map<string, string[]>();
  for (const part of text.split(BETWEEN_FIELDS)) {
    const m = FIELD_PART.exec(part);
    const known = m !== null && isField(m[1]!);
    const name = known ? m[1]! : fallback;
    byField.set(name, [...(byField.get(name) ?? []), known ? m[2]! : part]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
