import { useEffect, useState } from 'react';

/** Seconds before another SMS code may be requested. */
export const SMS_COUNTDOWN_SECONDS = 60;

/** [seconds left, start]: the resend countdown of an SMS code button (`start(n)` for another length). */
export function useCountdown(seconds = SMS_COUNTDOWN_SECONDS) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, (from: number = seconds) => setLeft(from)] as const;
}

/** The wait the server asks for before another code (`resendAfterSeconds`), when its answer says. */
export function resendAfter(answer: unknown): number | undefined {
  const seconds = (answer as { resendAfterSeconds?: unknown } | null)?.resendAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}
