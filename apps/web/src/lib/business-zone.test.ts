import { afterEach, describe, expect, it } from 'vitest';
import { businessZone, resetBusinessZone } from './business-zone';

const meta = (content: string) => {
  const tag = document.createElement('meta');
  tag.name = 'mchweb-time-zone';
  tag.content = content;
  document.head.append(tag);
};
afterEach(() => {
  document.head.querySelectorAll('meta[name="mchweb-time-zone"]').forEach((m) => m.remove());
  resetBusinessZone();
});

describe('the zone of the business days, as the server wrote it into the page', () => {
  it('is the zone the page names', () => {
    meta('Europe/London');
    expect(businessZone()).toBe('Europe/London');
  });

  it('is China’s when the page names none (the Vite dev server) or one this browser does not know', () => {
    expect(businessZone()).toBe('Asia/Shanghai');
    resetBusinessZone();
    meta('Mars/Olympus_Mons');
    expect(businessZone()).toBe('Asia/Shanghai');
  });
});
