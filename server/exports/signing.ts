import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Outcome of {@link UrlSigner.verify}. */
export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** Hex HMAC-SHA256 of `GET\n/exports/<bucket>/<key>\n<expires>` (Unix s); random key when omitted, < 16 bytes throws. */
export class UrlSigner {
  private readonly secret: Buffer;

  constructor(
    secret?: string | Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = secret === undefined ? randomBytes(32) : Buffer.from(secret);
    if (this.secret.length < 16) throw new Error('Export signing secret must be at least 16 bytes');
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  sign(bucket: string, key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`GET\n/exports/${bucket}/${key}\n${expires}`).digest('hex');
  }

  /** A wrong or malformed signature is `invalid`; a good one is `expired` after `expires` (valid through it). */
  verify(bucket: string, key: string, expires: unknown, signature: unknown): LinkCheck {
    if (
      typeof expires !== 'string' ||
      !/^\d{1,12}$/.test(expires) ||
      typeof signature !== 'string' ||
      !/^[0-9a-f]{64}$/.test(signature)
    ) {
      return 'invalid';
    }
    const expected = Buffer.from(this.sign(bucket, key, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return this.nowSeconds() > Number(expires) ? 'expired' : 'valid';
  }
}
