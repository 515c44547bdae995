import { describe, expect, it } from 'vitest';
import { MediaSigner } from '../../server/lib/media-url';

describe('signed media URLs (server/lib/media-url)', () => {
  it('verifies its own tokens for their resource only, until they expire', () => {
    let now = Date.UTC(2026, 10, 22, 8, 3, 17);
    const signer = new MediaSigner('secret-0123456789abcdef', 3600, () => now);
    const token = signer.token('123');
    const grant = signer.verify(token, '123');
    expect(grant).toMatchObject({ rid: '123', download: false });
    // Valid for at least the lifetime, at most 10 minutes more (the rounding step).
    expect(grant!.expiresAt - now).toBeGreaterThanOrEqual(3600_000);
    expect(grant!.expiresAt - now).toBeLessThan(3600_000 + 600_000);
    expect(signer.verify(token, '124')).toBeNull();
    expect(signer.verify(token.replace('.v.', '.d.'), '123')).toBeNull();
    expect(new MediaSigner('another-secret-0123456789', 3600, () => now).verify(token, '123')).toBeNull();
    for (const garbage of ['', 'x', `${token}x`, '1.v.short', `../${token}`])
      expect(signer.verify(garbage, '123')).toBeNull();
    now = grant!.expiresAt;
    expect(signer.verify(token, '123')).toBeNull();
  });

  it('gives the same URL within a 10-minute step, and download only when asked', () => {
    let now = Date.UTC(2026, 10, 22, 8, 0, 1);
    const signer = new MediaSigner('secret-0123456789abcdef', 3600, () => now);
    const first = signer.prefix('9');
    now += 5 * 60_000;
    expect(signer.prefix('9')).toBe(first);
    expect(first).toMatch(/^\/media\/\d+\.v\.[A-Za-z0-9_-]{22}\/9\/$/);
    expect(signer.verify(signer.token('9', { download: true }), '9')).toMatchObject({ download: true });
  });
});
