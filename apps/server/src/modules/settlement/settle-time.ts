import { addDays, clockOf, dayOf } from '../../business-day.ts';

/**
 * Whether a business day's settlement is due by `now`: the day is over and, when the job settles it
 * (`settleAt`, the next day's clock), that time has passed too. A day not due yet is open, not unsettled.
 */
export function settlementDue(day: string, now: Date, tz: string, settleAt: string | null): boolean {
  const today = dayOf(now, tz);
  const next = addDays(day, 1);
  if (today < next) return false;
  return today > next || settleAt === null || clockOf(now, tz) >= settleAt;
}
