/**
 * The transient network-online flag (S3.2): true by default, false after a request fails while the browser is
 * offline (S4.3/S8.6), true again when the browser reports it is back online.
 */
let online = true;
const listeners = new Set<() => void>();

export function isNetworkOnline(): boolean {
  return online;
}
export function setNetworkOnline(value: boolean): void {
  if (online === value) return;
  online = value;
  listeners.forEach((l) => l());
}
export function subscribeNetwork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setNetworkOnline(true));
}
