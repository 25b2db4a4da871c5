import { describe, expect, it } from 'vitest';
import { addressKey } from '@/lib/security/address-key';

/* The key every per-address mail rule counts (lib/security/address-key): one per mailbox. */
describe('addressKey', () => {
  it('lower-cases and trims', () => {
    expect(addressKey('  Marie.Dubois@Example.BE ')).toBe('marie.dubois@example.be');
  });

  it('drops a +tag of the local part', () => {
    expect(addressKey('paul+1@example.be')).toBe('paul@example.be');
    expect(addressKey('Paul+promo+2@example.be')).toBe('paul@example.be');
    // A local part that is only a tag is not emptied.
    expect(addressKey('+x@example.be')).toBe('+x@example.be');
  });

  it('drops the dots of a Gmail address and folds googlemail.com into gmail.com', () => {
    for (const spelling of ['jan.peeters@gmail.com', 'J.A.N.Peeters@GMAIL.com', 'janpeeters+x@googlemail.com', 'jan.peeters@gmail.com.']) expect(addressKey(spelling)).toBe('janpeeters@gmail.com');
    // Elsewhere a dot may count.
    expect(addressKey('jan.peeters@example.be')).not.toBe(addressKey('janpeeters@example.be'));
  });

  it('writes an international domain one way, whether typed in Unicode or in its ASCII form', () => {
    expect(addressKey('info@ÉCOLE.be')).toBe('info@xn--cole-9oa.be');
    expect(addressKey('info@xn--cole-9oa.be')).toBe('info@xn--cole-9oa.be');
  });

  it('leaves something that is no address lower-cased, never throwing', () => {
    expect(addressKey('NoAt')).toBe('noat');
    expect(addressKey('@example.be')).toBe('@example.be');
    expect(addressKey('a@[127.0.0.1]')).toBe('a@[127.0.0.1]');
  });
});
