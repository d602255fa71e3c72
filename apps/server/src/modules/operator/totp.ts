import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

// RFC 6238 as every authenticator app speaks it: SHA-1, 6 digits, 30-second steps, through otplib. A code of the
// step before or after is accepted too (a phone's clock a little off), and each step's code only once: the caller
// keeps the last accepted step (operators.totp_last_step) and passes it as `after`.
const PERIOD = 30;
const ISSUER = 'mchweb ops';

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (secret: string, username: string) =>
  generateURI({ issuer: ISSUER, label: username, secret, algorithm: 'sha1', digits: 6, period: PERIOD });

export const qrDataUrl = (uri: string) => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });

/**
 * The time step a code belongs to when it is right now (this step, or one either side) and later than `after`;
 * else null. `now` for tests of the steps.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  opts: { after: number | null; now?: number },
): Promise<{ step: number } | { replayed: true } | null> {
  const epoch = Math.floor((opts.now ?? Date.now()) / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: PERIOD });
  if (!result.valid) return null;
  const step = Math.floor(epoch / PERIOD) + result.delta;
  if (opts.after !== null && step <= opts.after) return { replayed: true };
  return { step };
}
