import crypto from 'node:crypto';

/**
 * Signing per the Standard Webhooks specification (standardwebhooks.com), so a merchant verifies with any of its
 * published libraries: the secret is `whsec_` + base64 of random bytes, and `webhook-signature` carries
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret, separated by spaces.
 */
export const SECRET_PREFIX = 'whsec_';

/** 24 random bytes (192 bits; the specification asks for 24 to 64). */
export const newSecret = () => SECRET_PREFIX + crypto.randomBytes(24).toString('base64');

export function signature(secret: string, msgId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one try; every secret still valid signs it (two during the 24 hours after a rotation). */
export function signedHeaders(secrets: readonly string[], msgId: string, at: Date, body: string) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, msgId, timestamp, body)).join(' '),
  };
}

/** `msg_` + 26 base32 characters (130 random bits): the event's id, the same for every try and endpoint. */
export function newMsgId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = crypto.randomBytes(26);
  return `msg_${Array.from(bytes, (b) => alphabet[b & 31]).join('')}`;
}
