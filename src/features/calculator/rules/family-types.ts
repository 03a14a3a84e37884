// The six family types of the specification (no zod here: the island imports this).
export const familyTypes = ['single', 'single_one', 'single_many', 'couple', 'couple_one', 'couple_many'] as const;
export type FamilyType = (typeof familyTypes)[number];
