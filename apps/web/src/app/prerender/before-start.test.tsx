import { afterEach, describe, expect, it } from 'vitest';
import type { FormEvent } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useState } from 'react';
import { replayBeforeStart } from './before-start';
import { HELD_SUBMIT } from './first-paint';

/** A controlled form as the prerendered pages have them; what it sends is recorded. */
const sent: { account: string; agreed: boolean }[] = [];
function Form() {
  const [account, setAccount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    sent.push({ account, agreed });
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="account" value={account} onChange={(e) => setAccount(e.target.value)} />
      <input aria-label="agreed" type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <output>{`${account}|${agreed}`}</output>
    </form>
  );
}

let root: Root | null = null;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  sent.length = 0;
});

/** The prerendered markup, used before the app starts (the browser's own typing and ticking), then hydrated. */
async function visitedThenHydrated(visit: (form: HTMLFormElement) => void) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  visit(container.querySelector('form')!);
  await act(async () => {
    root = hydrateRoot(container, <Form />);
  });
  const input = (label: string) => container.querySelector<HTMLInputElement>(`[aria-label=${label}]`)!;
  return { input, output: () => container.querySelector('output')!.textContent };
}

describe('what was done on a prerendered page before the app started (issue 26)', () => {
  it('typed text and a ticked box reach the form state after hydration; without the replay they do not', async () => {
    const page = await visitedThenHydrated((form) => {
      form.querySelector<HTMLInputElement>('[aria-label=account]')!.value = '13800138000';
      form.querySelector<HTMLInputElement>('[aria-label=agreed]')!.checked = true;
    });
    expect(page.output()).toBe('|false'); // React kept the DOM as it was but its state is the rendered one
    expect(page.input('account').value).toBe('13800138000');
    await act(async () => replayBeforeStart(container));
    expect(page.output()).toBe('13800138000|true');
    expect(page.input('account').value).toBe('13800138000');
    expect(page.input('agreed').checked).toBe(true);
  });

  it('a held submission is sent again once, with what was typed', async () => {
    await visitedThenHydrated((form) => {
      form.querySelector<HTMLInputElement>('[aria-label=account]')!.value = 'demo';
      (window as unknown as Record<string, unknown>)[HELD_SUBMIT] = form;
    });
    await act(async () => {
      replayBeforeStart(container);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(sent).toEqual([{ account: 'demo', agreed: false }]);
    await act(async () => replayBeforeStart(container)); // nothing held any more
    expect(sent).toHaveLength(1);
  });

  it('an untouched page is left alone', async () => {
    const page = await visitedThenHydrated(() => undefined);
    await act(async () => replayBeforeStart(container));
    expect(page.output()).toBe('|false');
    expect(sent).toEqual([]);
  });
});
