/**
 * What travels: a table handed to a tablet, a round handed in, standings handed back, a whole tournament,
 * a table's report of a missing player.
 */
export const PAYLOAD_KINDS = ['assignment', 'batch', 'standings', 'tournament', 'absence'] as const;
export type PayloadKind = (typeof PAYLOAD_KINDS)[number];
