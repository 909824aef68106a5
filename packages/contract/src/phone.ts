/** Text a phone number is written in: digits (3 to 20), spaces, a leading +, ( ) - . and /. Zod-free, for forms. */
export const isPhoneLike = (s: string) => {
  const digits = s.replace(/\D/g, '').length;
  return /^\+?[\d\s().\-/]+$/.test(s) && digits >= 3 && digits <= 20;
};
