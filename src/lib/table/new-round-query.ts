import type { JoinedTable } from '$lib/codecs/sync';

/** Where the new-round screen starts this table's round: players in seat order, tournament preset, start draw. */
export function newRoundQuery(table: JoinedTable): string {
	const params = new URLSearchParams({
		tournament: table.tournamentId,
		round: String(table.round),
		table: String(table.table),
		preset:
			table.rules.preset === 'classic' ? (table.rules.scoring === 'kids' ? 'kids' : 'classic') : 'tournament',
		start: table.rules.preset === 'classic' ? 'trio' : 'draw'
	});
	if (table.rules.tiles === 76) params.set('tiles', '76');
	for (const player of table.players) params.append('player', player.name);
	return params.toString();
}
