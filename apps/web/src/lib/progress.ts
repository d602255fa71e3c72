/** nprogress is fetched with the first navigation or request, not with the app shell. */
const bar = () =>
  Promise.all([import('nprogress'), import('nprogress/nprogress.css')]).then(([m]) => {
    // nprogress's own template gives the bar role="bar", which is no ARIA role (axe: aria-roles); it is decoration.
    m.default.configure({
      showSpinner: false,
      barSelector: '.bar',
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
    });
    return m.default;
  });

/**
 * The bar is decoration: a chunk that fails to load, or a page torn down before the bar's timer fires (a unit
 * test's environment), must not surface as an unhandled error.
 */
function withBar(use: (n: Awaited<ReturnType<typeof bar>>) => void): void {
  bar()
    .then(use)
    .catch(() => {});
}

/** S9.4: the top progress bar finishes this long after the last navigation or request ends. */
export const PROGRESS_DONE_DELAY_MS = 100;

let active = 0;
let doneTimer: ReturnType<typeof setTimeout> | undefined;

/** Navigations and requests each begin() once and end() once; the bar runs while any is active. */
export function progressBegin(): void {
  active += 1;
  clearTimeout(doneTimer);
  if (active === 1) withBar((n) => active > 0 && n.start());
}
export function progressEnd(): void {
  active = Math.max(0, active - 1);
  if (active > 0) return;
  clearTimeout(doneTimer);
  doneTimer = setTimeout(() => withBar((n) => active === 0 && n.done()), PROGRESS_DONE_DELAY_MS);
}
