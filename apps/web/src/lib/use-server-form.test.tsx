import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { ApiError } from './api-error';
import { useServerForm, type ServerFormSteps } from './use-server-form';

const refusal = (msg: string) => new ApiError({ code: 400, msg });

interface Values {
  name: string;
  legalPerson: { idNumber: string };
}

/** Fields as the onboarding wizard will have them: a nested name, and (with `steps`) one step shown at a time. */
function TestForm(props: { call: (v: Values) => Promise<unknown>; fallback?: string; wizard?: boolean }) {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(1);
  const [done, setDone] = useState(false);
  const steps: ServerFormSteps = { of: (f) => ({ name: 1, 'legalPerson.idNumber': 0 })[f], open: setStep };
  const server = useServerForm(form, {
    submit: props.call,
    onSuccess: () => setDone(true),
    fallback: props.fallback,
    steps: props.wizard ? steps : undefined,
  });
  const person = (
    <Form.Item name={['legalPerson', 'idNumber']} label="ID number">
      <Input data-testid="id-number" />
    </Form.Item>
  );
  const name = (
    <Form.Item name="name" label="Name">
      <Input data-testid="name" />
    </Form.Item>
  );
  return (
    <Form form={form} onFinish={server.onFinish} preserve initialValues={{ name: 'A', legalPerson: { idNumber: '1' } }}>
      {props.wizard ? (
        step === 0 ? (
          person
        ) : (
          name
        )
      ) : (
        <>
          {person}
          {name}
        </>
      )}
      {server.error && <div data-testid="form-error">{server.error}</div>}
      {done && <span>saved</span>}
      <Button htmlType="submit" loading={server.busy}>
        Save
      </Button>
      <Button onClick={() => setStep(step === 0 ? 1 : 0)}>Step</Button>
    </Form>
  );
}

const errorOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const save = () => fireEvent.click(screen.getByRole('button', { name: /Save/ }));

// The first render of antd's Form (its styles are built at run time) takes seconds on a busy two-core machine.
describe('useServerForm', { timeout: 20_000 }, () => {
  it('busy while the call runs, once at a time; success calls onSuccess with the values', async () => {
    let finish: (v: unknown) => void = () => undefined;
    const call = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    render(<TestForm call={call} />);
    save();
    await waitFor(() => expect(screen.getByRole('button', { name: /Save/ })).toHaveClass('ant-btn-loading'));
    save();
    finish(null);
    expect(await screen.findByText('saved')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith({ name: 'A', legalPerson: { idNumber: '1' } });
    // antd's Button drops its loading look in an effect of its own, a render after the one that shows "saved".
    await waitFor(() => expect(screen.getByRole('button', { name: /Save/ })).not.toHaveClass('ant-btn-loading'));
  });

  it('puts each part of the msg beside the field it names, nested names included', async () => {
    const msg = 'body.legalPerson.idNumber: must be 18 characters; body.name: is taken';
    render(<TestForm call={() => Promise.reject(refusal(msg))} />);
    save();
    await waitFor(() => expect(errorOf('id-number')).toBe('must be 18 characters'));
    expect(errorOf('name')).toBe('is taken');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('a msg naming no field of the form goes beside the fallback, or into `error` without one', async () => {
    const { unmount } = render(
      <TestForm call={() => Promise.reject(refusal('Organisation frozen'))} fallback="name" />,
    );
    save();
    await waitFor(() => expect(errorOf('name')).toBe('Organisation frozen'));
    unmount();
    render(<TestForm call={() => Promise.reject(refusal('permissions.0: is not a permission'))} />);
    save();
    expect(await screen.findByTestId('form-error')).toHaveTextContent('permissions.0: is not a permission');
  });

  it('multi-step: opens the first step with an error; errors of a step not shown wait until it is', async () => {
    const msg = 'body.name: is taken; body.legalPerson.idNumber: must be 18 characters';
    render(<TestForm call={() => Promise.reject(refusal(msg))} wizard />);
    expect(screen.queryByTestId('id-number')).toBeNull(); // the wizard is on step 1 (name)
    save();
    // step 0 holds the first error: opened, its field shows the message
    await waitFor(() => expect(errorOf('id-number')).toBe('must be 18 characters'));
    fireEvent.click(screen.getByRole('button', { name: 'Step' }));
    await waitFor(() => expect(errorOf('name')).toBe('is taken'));
  });
});
