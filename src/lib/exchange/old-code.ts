import type { JoinedTable } from '$lib/codecs/sync';

/**
 * How old a table code may be when a tablet joins with it before the tablet warns. A round of Triominos
 * takes 45 to 90 minutes and the desk shows a round's codes as the round opens: a code made more than half
 * an hour before it is read was most likely kept or photographed from a round that may be over (a tablet
 * that knows nothing of the tournament cannot tell otherwise). A code "from the future" (the desk's clock
 * ahead of the tablet's) warns nothing: clocks at a venue differ by minutes, and a false alarm costs trust.
 */
export const OLD_TABLE_CODE_MINUTES = 30;

/** When a joined table's code was made and how long before the tablet read it; null when it is not old. */
export function oldTableCode(
	table: Pick<JoinedTable, 'issuedAt' | 'joinedAt'>
): { issued: Date; hours: number; minutes: number } | null {
	if (table.issuedAt === undefined) return null;
	const issued = table.issuedAt * 60_000;
	const age = Math.floor((table.joinedAt - issued) / 60_000);
	if (age <= OLD_TABLE_CODE_MINUTES) return null;
	return { issued: new Date(issued), hours: Math.floor(age / 60), minutes: age % 60 };
}
