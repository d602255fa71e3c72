import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { markStarted } from './prerender/before-start';
import { firstRender, withFirstPageLoaded } from './prerender/first-page';
import { prerenderStale, STALE_CLASS } from './prerender/first-paint';
import { createAppRouter, routes } from './router';
import { routerMode } from './router-mode';
import { prepareTheme } from './theme';

/** Lets the browser run what waits (a paint, input) before the next step of the start. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Draws the portal into `container`. A prerendered page (docs/web.md, "Prerendered pages") is hydrated when its
 * markup is what this visitor sees: its chunks are loaded first (the document preloads them), so the router's first
 * render is that page (what the visitor typed or submitted before is handed over by the page's frame,
 * layouts/page-transition.tsx). Otherwise (another
 * language chosen, signed in, another path) that markup, never painted, is dropped and the app renders from
 * nothing, as without a prerender.
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  // The entry's modules were evaluated in this task: the start goes on in the next (on a phone, one long task less).
  await nextTask();
  const plan = firstRender({
    prerendered: container.dataset.prerendered,
    location: window.location,
    stale: prerenderStale(),
    mode: routerMode(),
  });
  if (plan.hydrate) {
    try {
      if (plan.address) window.history.replaceState(null, '', plan.address);
      const loaded = await withFirstPageLoaded(routes, window.location.pathname);
      // antd's theme in a task of its own: inside hydration's first step it made that step a long task on a phone.
      await nextTask();
      prepareTheme();
      await nextTask();
      // In a transition, hydration yields to the browser every few milliseconds (a default-priority hydration is
      // one task: on a phone a long one, the main part of Lighthouse's total blocking time).
      let root: Root | undefined;
      startTransition(() => {
        root = hydrateRoot(container, <App router={createAppRouter(loaded)} />);
      });
      return root!;
    } catch (error) {
      // A chunk that did not load: the router tries again and shows the route's error as it always has.
      console.error(error);
    }
  }
  markStarted();
  container.replaceChildren();
  document.documentElement.classList.remove(STALE_CLASS);
  const root = createRoot(container);
  root.render(<App router={createAppRouter()} />);
  return root;
}
