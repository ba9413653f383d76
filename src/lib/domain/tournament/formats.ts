/** The three tournament formats (RULES.md §6–8). */
export const FORMATS = ['triominos', 'swiss', 'set'] as const;
export type Format = (typeof FORMATS)[number];
