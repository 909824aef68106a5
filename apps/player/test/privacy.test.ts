import { describe, expect, it } from 'vitest';
import { strictPrivacy } from '../src/shared/privacy.ts';

describe('strictPrivacy', () => {
  it('is on for privacy="strict" on the element, or Global Privacy Control', () => {
    expect(strictPrivacy('strict', {})).toBe(true);
    expect(strictPrivacy(' Strict ', undefined)).toBe(true);
    expect(strictPrivacy(null, { globalPrivacyControl: true })).toBe(true);
    expect(strictPrivacy('standard', { globalPrivacyControl: true })).toBe(true);
  });
  it('is off otherwise', () => {
    expect(strictPrivacy(null, {})).toBe(false);
    expect(strictPrivacy('', undefined)).toBe(false);
    expect(strictPrivacy('standard', { globalPrivacyControl: false })).toBe(false);
    expect(strictPrivacy(null, { globalPrivacyControl: 'true' })).toBe(false);
  });
});
