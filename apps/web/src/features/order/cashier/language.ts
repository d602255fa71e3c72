import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mchweb/contract/language';
import { getString, LANGUAGE_KEY, setItem } from '@/lib/storage';
import { CASHIER_TEXT } from './text';

/**
 * The payer's language without i18next (the payer's page is its own small entry): the one the portal's switch
 * stored, else the browser's first of zh-CN and en-US, else zh-CN. The switch stores the choice under the portal's
 * key, so the two agree.
 */
export function initialLanguage(
  stored = getString(LANGUAGE_KEY),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if ((LANGUAGES as readonly string[]).includes(stored ?? '')) return stored as Language;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

let language: Language = initialLanguage();
const listeners = new Set<() => void>();
if (typeof document !== 'undefined') document.documentElement.lang = language;

export function currentLanguage(): Language {
  return language;
}

export function changeLanguage(lng: Language): void {
  language = lng;
  setItem(LANGUAGE_KEY, lng);
  document.documentElement.lang = lng;
  listeners.forEach((l) => l());
}

/** `text('sandbox.title', { channel })` in the given language: a dotted key, `{{name}}` filled in. */
export function translate(lng: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = CASHIER_TEXT[lng];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The cashier's strings in the current language; re-renders when the payer switches. */
export function useText() {
  const lng = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentLanguage,
    currentLanguage,
  );
  return { lng, t: (key: string, values?: Record<string, string | number>) => translate(lng, key, values) };
}
