import { useSyncExternalStore } from 'react';
import type { Language } from '@mchweb/contract/language';
import { initialLanguage } from '@/lib/browser-language';
import { LANGUAGE_KEY, setItem } from '@/lib/storage';
import { CASHIER_TEXT } from './text';

// The portal's stored choice, else the browser's (lib/browser-language.ts); the switch stores under the same key.
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
