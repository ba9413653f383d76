import { formatTile } from '../tiles';
import { writeName } from './names';
import type { Hand } from '../round';
import type { RecordedTurn, RoundRecord } from './record';

/** The tokens of one turn line, as docs/NOTATION.md writes them. */
export function formatTurn(turn: RecordedTurn): string {
	const tokens: string[] = Array.from({ length: turn.draws }, () => 'd');
	if (turn.play?.kind === 'pass') tokens.push('pass');
	else if (turn.play?.kind === 'lay') {
		tokens.push(turn.play.tile ? formatTile(turn.play.tile) : String(turn.play.value));
		if (turn.play.bonus) tokens.push(turn.play.bonus);
		if (turn.play.out) tokens.push('out');
	}
	return `${writeName(turn.player)}: ${tokens.join(' ')}`;
}

/** A `Hands:` entry; a name that begins another player's name ("Anna", "Anna 14") is quoted so it reads back. */
function formatHand(name: string, hand: Hand, players: readonly string[]): string {
	const prefix = `${name.toLowerCase()} `;
	const ambiguous = players.some((other) => other.toLowerCase().startsWith(prefix));
	return `${writeName(name, ambiguous)} ${hand.tiles ? hand.tiles.map(formatTile).join(' ') : hand.sum}`;
}

/** Writes a record as `.trn` text; `readRecord(writeRecord(r))` gives `r` back. */
export function writeRecord(record: RoundRecord): string {
	const lines = [
		`Rules: ${record.rules.preset}`,
		`Tiles: ${record.rules.tiles}`,
		`Players: ${record.players.map((name) => writeName(name)).join(', ')}`,
		`Start: ${writeName(record.players[record.start] ?? '')}`
	];
	if (record.pool !== null) lines.push(`Pool: ${record.pool}`);
	if (record.rules.scoring !== 'standard') lines.push(`Scoring: ${record.rules.scoring}`);
	lines.push('');
	for (const turn of record.turns) lines.push(formatTurn(turn));
	if (record.hands) {
		const entries = record.hands.flatMap((hand, seat) =>
			hand ? [formatHand(record.players[seat] ?? '', hand, record.players)] : []
		);
		lines.push(`Hands: ${entries.join(', ')}`);
	}
	return `${lines.join('\n')}\n`;
}
