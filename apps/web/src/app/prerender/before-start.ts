import { HELD_SUBMIT, STARTED } from './first-paint';

/**
 * What a visitor did on a prerendered page before the app started (it starts after the first paint: a phone on a
 * slow network can show the sign-in form for a second or two before it is live), handed to React once it has
 * hydrated the page (docs/web.md, "Prerendered pages"). Typed values are in the DOM only: React hydrates an input
 * without touching what it holds, but its state still has the rendered value, so the form would send an empty
 * field. A submission was held by the first-paint script.
 */
type Held = Partial<Record<typeof STARTED | typeof HELD_SUBMIT, unknown>>;
const held = () => window as unknown as Held;

/** From here on, submissions reach React. */
export function markStarted(): void {
  held()[STARTED] = true;
}

/**
 * How to tell React of what the visitor did to one input, or null when they left it as drawn: put the drawn value
 * back through the element's own setter (React watches it, so it now believes that value is current), then the
 * visitor's through the prototype's (unwatched), and send the event React reads that input's changes from. Taken
 * for every input before any is told: telling one re-renders the form, which writes the others' state (still the
 * drawn values) back into them. Nothing is painted in between.
 */
function visitorsChange(input: HTMLInputElement): (() => void) | null {
  if (input.type === 'checkbox' || input.type === 'radio') {
    const chosen = input.checked;
    if (chosen === input.defaultChecked) return null;
    return () => {
      input.checked = !chosen;
      input.click(); // back to the visitor's choice, with the click event React's onChange reads
    };
  }
  const { value: typed, defaultValue: drawn } = input;
  if (input.type === 'file' || input.type === 'hidden' || typed === drawn) return null;
  return () => {
    input.value = drawn;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

/** Called once the first page has hydrated, with its element (layouts/page-transition.tsx). */
export function replayBeforeStart(container: HTMLElement): void {
  markStarted();
  const changes = [...container.querySelectorAll('input')].map(visitorsChange);
  changes.forEach((tell) => tell?.());
  const form = held()[HELD_SUBMIT];
  held()[HELD_SUBMIT] = undefined;
  // After the changes above have rendered: the form's submit handler reads its state.
  if (form instanceof HTMLFormElement && form.isConnected && container.contains(form))
    setTimeout(() => form.requestSubmit());
}
