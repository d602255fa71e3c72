import { DEFAULT_LANGUAGE, LANGUAGES } from '@mchweb/contract/language';
import { LANGUAGE_KEY } from '@/lib/storage';

/**
 * The class on <html> while a prerendered page's markup is not what this visitor sees; `styles/app.css` hides
 * #root under it, so that markup is never painted (no flash of Chinese before English, of "sign up" before
 * "console").
 */
export const STALE_CLASS = 'prerender-stale';

/** Set on window once the first page is live (before-start.ts, app/start.tsx): submissions are React's from then. */
export const STARTED = 'mchwebStarted';
/** Where the first-paint script holds a form submitted before the app started. */
export const HELD_SUBMIT = 'mchwebHeldSubmit';

/** The languages a visitor may have chosen other than the one the pages are prerendered in. */
const OTHER_LANGUAGES: readonly string[] = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

/**
 * The pages are prerendered for a first visit: signed out, in the default language. A visitor who chose another
 * language, or who is signed in (the public pages then offer the console, not sign-up), sees other markup.
 */
export function prerenderStale(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return OTHER_LANGUAGES.includes(storage.getItem(LANGUAGE_KEY) ?? '') || Boolean(storage.getItem('token'));
}

/**
 * `prerenderStale` as the inline script of each prerendered document, run before the first paint (the app's
 * scripts are modules: they run after it). The server allows it by its hash (apps/server plugins/web.ts).
 *
 * It also stops the browser's own submission of a form: the prerendered sign-in form is on screen before the app
 * has started (it starts after the first paint), and a press of Enter or of its button then would reload the page
 * (a GET of the form), losing what was typed. The app never submits a form natively (its forms handle submit
 * themselves), so every native submission is stopped, before and after hydration. One submitted before the page
 * has hydrated is held (`HELD_SUBMIT`), kept from React (hydrating, it would take the event with the state drawn,
 * not what was typed), and sent again once the page has hydrated and has what was typed (before-start.ts).
 */
export const FIRST_PAINT_SCRIPT =
  `document.addEventListener("submit",function(e){e.preventDefault();` +
  `if(!window.${STARTED}){window.${HELD_SUBMIT}=e.target;e.stopPropagation()}},true);` +
  `try{var s=localStorage;if(${JSON.stringify(OTHER_LANGUAGES)}.indexOf(s.getItem(${JSON.stringify(LANGUAGE_KEY)}))>=0` +
  `||s.getItem("token"))document.documentElement.classList.add(${JSON.stringify(STALE_CLASS)})}catch(e){}`;
