import { useRef, useState } from 'react';
import { serverFieldErrors } from '@/lib/form-errors';
import { errorProps } from './components/auth-field';

type Value = string | boolean;
export type AuthErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The sign-in and sign-up forms without antd's Form: on a first visit, often on a phone, its validator and the
 * grid it lays items out with cost about 20 KB gzip of script and 100 KB of inlined CSS (issue 26). The same
 * behaviour in a few lines: every field checked on submit, then again on every change once shown (and a field that
 * shows an error, on its own changes); the first invalid one focused; a server msg naming a field ("mobile: is
 * already registered") beside it.
 *
 * `fields` is the form's order (the first invalid field of it gets the focus); `validate` answers every field's
 * error from the values.
 */
export function useAuthForm<F extends string, V extends Record<F, Value>>(
  initial: V,
  fields: readonly F[],
  validate: (values: V) => AuthErrors<F>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<AuthErrors<F>>({});
  const [checked, setChecked] = useState(false);
  const inputs = useRef(new Map<F, { focus(): void } | null>());

  // From the latest values, not this render's: two fields can change before a render (a browser's autofill, what
  // was typed into the prerendered page before hydration, app/start.tsx).
  function change<K extends F>(field: K, value: V[K]) {
    setValues((old) => ({ ...old, [field]: value }));
    // Checked again once the form was submitted, or while this field shows an error (one the SMS button's check of
    // the mobile or the server put there): it clears as the field is corrected, not on the next submit.
    setErrors((e) => (checked || e[field] ? { ...e, [field]: validate({ ...values, [field]: value })[field] } : e));
  }

  /** Show the errors of `only` (every field by default); true when they are all valid, else the first is focused. */
  function check(only: readonly F[] = fields): boolean {
    if (only === fields) setChecked(true);
    const found = validate(values);
    setErrors((old) => ({ ...old, ...Object.fromEntries(only.map((f) => [f, found[f]])) }));
    const invalid = only.find((f) => found[f]);
    if (invalid) inputs.current.get(invalid)?.focus();
    return invalid === undefined;
  }

  /**
   * A refusal beside the fields it names, the rest beside `fallback`; without a fallback, what names no field is
   * returned for the page to show.
   */
  function showServerError(error: unknown, fallback?: F): string | null {
    const placed = serverFieldErrors(error, (name) => fields.includes(name as F), fallback ?? '');
    const rest = placed.find((e) => e.name === '');
    setErrors((old) => ({
      ...old,
      ...Object.fromEntries(placed.filter((e) => e.name !== '').map((e) => [e.name, e.errors.join('; ')])),
    }));
    return rest ? rest.errors.join('; ') : null;
  }

  /** A field's input, for the focus. */
  const ref = (field: F) => (input: { focus(): void } | null) => void inputs.current.set(field, input);

  /** The props of a text field's antd input (`id` its element's id): value, change, focus, its error. */
  const textInput = (field: F, id: string) => ({
    ...errorProps(id, errors[field]),
    status: errors[field] ? ('error' as const) : undefined,
    ref: ref(field),
    value: values[field] as string,
    onChange: (e: { target: { value: string } }) => change(field, e.target.value as V[F]),
    size: 'large' as const,
  });

  return { values, errors, change, check, showServerError, ref, textInput };
}
