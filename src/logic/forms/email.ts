// The one email check of every form (the correction request, the housing benefit registration):
// something@something.something, no spaces. Deliberately loose: a typo is caught, a real address never refused.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (text: string): boolean => EMAIL_PATTERN.test(text);
