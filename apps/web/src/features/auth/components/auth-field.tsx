import type { ReactNode } from 'react';

/**
 * A field of the sign-in and sign-up forms (use-auth-form.ts): its label, the input, its error under it and a
 * line of help. The input takes `errorProps(id, error)`, which tie the error to it for assistive technology.
 */
export function AuthField(props: {
  id: string;
  label?: ReactNode;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { id, label, error, extra, children } = props;
  return (
    <div className="auth-field">
      {label && (
        <label className="auth-label" htmlFor={id}>
          {label}
        </label>
      )}
      {children}
      {error && (
        <div id={`${id}-error`} className="auth-field-error" role="alert">
          {error}
        </div>
      )}
      {extra && <div className="auth-field-extra">{extra}</div>}
    </div>
  );
}

/** An input's side of its field's error: marked invalid and described by the error (an input adds antd's `status`). */
export const errorProps = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
