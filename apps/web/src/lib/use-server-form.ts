import { useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { serverFieldErrors, type FieldError } from './form-errors';

type NamePath = (string | number)[];
const dotted = (name: NamePath) => name.join('.');
const namePathOf = (name: string): NamePath => name.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));

/** The fields antd has rendered, by dotted name (a step not shown has none). */
function renderedFields(form: FormInstance): Map<string, NamePath> {
  return new Map(form.getFieldsError().map(({ name }) => [dotted(name), name]));
}

/** A form whose steps are not all rendered at once (a wizard). */
export interface ServerFormSteps {
  /** The step holding a field, by its dotted name (`legalPerson.idNumber`); undefined when no step does. */
  of: (field: string) => number | undefined;
  /** Show that step. Errors of its fields appear beside them once it has rendered. */
  open: (step: number) => void;
}

export interface ServerFormOptions<Values, Result> {
  /** The call: usually a mutation hook's `mutateAsync`, declared `quiet` so the form shows the msg itself. */
  submit: (values: Values) => Promise<Result>;
  /** After the call succeeded: a toast, closing the dialog, navigating. */
  onSuccess?: (result: Result, values: Values) => unknown;
  /** The field beside which a msg naming no field of the form goes; without one, `error` holds it. */
  fallback?: string;
  steps?: ServerFormSteps;
}

export interface ServerForm<Values> {
  /** `<Form onFinish>`: antd's own rules have passed; runs the call once at a time. */
  onFinish: (values: Values) => Promise<void>;
  busy: boolean;
  /** A refusal that names no field of the form (when there is no `fallback`), or null. */
  error: string | null;
  /** Show another call's refusal the same way (e.g. sending an SMS code), beside `fallback` unless it names a field. */
  showError: (error: unknown, fallback?: string) => void;
}

/**
 * The one shape of a form that calls the server: busy while the call runs, and the server's msg ("field:
 * problem", several joined by "; ", nested names dotted) beside the fields it names. In a multi-step form the
 * first step with an error is opened, and the errors of steps not rendered wait until their step is.
 */
export function useServerForm<Values, Result>(
  form: FormInstance<Values>,
  options: ServerFormOptions<Values, Result>,
): ServerForm<Values> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const waiting = useRef<FieldError[]>([]);

  const place = (errors: FieldError[], fields: Map<string, NamePath>) =>
    form.setFields(
      errors.map((e) => ({ name: fields.get(e.name) ?? namePathOf(e.name), errors: e.errors })) as Parameters<
        typeof form.setFields
      >[0],
    );

  // After each render: the errors waiting for a step whose fields are now rendered go beside them.
  useEffect(() => {
    if (waiting.current.length === 0) return;
    const fields = renderedFields(form);
    const ready = waiting.current.filter((e) => fields.has(e.name));
    if (ready.length === 0) return;
    waiting.current = waiting.current.filter((e) => !fields.has(e.name));
    place(ready, fields);
  });

  function showError(e: unknown, fallback = options.fallback) {
    const fields = renderedFields(form);
    const stepOf = (name: string) => (name ? options.steps?.of(name) : undefined);
    const errors = serverFieldErrors(e, (name) => fields.has(name) || stepOf(name) !== undefined, fallback ?? '');
    // The first step with an error is opened; a field on another step is placed when that step renders.
    const steps = errors.map((x) => stepOf(x.name)).filter((s): s is number => s !== undefined);
    const target = steps.length ? Math.min(...steps) : undefined;
    const now = errors.filter((x) => fields.has(x.name) && [undefined, target].includes(stepOf(x.name)));
    const later = errors.filter((x) => !now.includes(x) && stepOf(x.name) !== undefined);
    const elsewhere = errors.filter((x) => !now.includes(x) && !later.includes(x));
    place(now, fields);
    waiting.current = later;
    setError(elsewhere.length ? elsewhere.flatMap((x) => x.errors).join('; ') : null);
    if (target !== undefined) options.steps!.open(target);
  }

  async function onFinish(values: Values) {
    if (running.current) return;
    running.current = true;
    waiting.current = [];
    setError(null);
    setBusy(true);
    try {
      const result = await options.submit(values);
      await options.onSuccess?.(result, values);
    } catch (e) {
      showError(e);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { onFinish, busy, error, showError };
}
