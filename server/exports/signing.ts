import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Presigned download links (spec endpoint 9; ours): HMAC-SHA256 over `GET\n/exports/<bucket>/<key>\n<expires>`
 * with a secret held by the server, hex-encoded. `expires` is Unix seconds. A link is good until its
 * expiry (inclusive) and only for the exact bucket and key it was made for.
 */

/** Outcome of {@link UrlSigner.verify}. */
export type LinkCheck = 'valid' | 'expired' | 'invalid';

export class UrlSigner {
  private readonly secret: Buffer;

  /** @param secret signing key; a random 32-byte key when omitted. @param now clock in epoch ms (tests). */
  constructor(secret?: string | Buffer, private readonly now: () => number = Date.now) {
    this.secret = secret === undefined ? randomBytes(32) : Buffer.from(secret);
    if (this.secret.length < 16) throw new Error('Export signing secret must be at least 16 bytes');
  }

  /** Current Unix time in seconds. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Hex signature of a download path with its expiry. */
  sign(bucket: string, key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`GET\n/exports/${bucket}/${key}\n${expires}`).digest('hex');
  }

  /** Checks a presented link: a wrong or malformed signature is `invalid`, a good one past its expiry `expired`. */
  verify(bucket: string, key: string, expires: unknown, signature: unknown): LinkCheck {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) {
      return 'invalid';
    }
    const expected = Buffer.from(this.sign(bucket, key, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return this.nowSeconds() > Number(expires) ? 'expired' : 'valid';
  }
}
