import { formatTile } from '../tiles';
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
	return `${turn.player}: ${tokens.join(' ')}`;
}

function formatHand(name: string, hand: Hand): string {
	return `${name} ${hand.tiles ? hand.tiles.map(formatTile).join(' ') : hand.sum}`;
}

/** Writes a record as `.trn` text; `readRecord(writeRecord(r))` gives `r` back. */
export function writeRecord(record: RoundRecord): string {
	const lines = [
		`Rules: ${record.rules.preset}`,
		`Tiles: ${record.rules.tiles}`,
		`Players: ${record.players.join(', ')}`,
		`Start: ${record.players[record.start] ?? ''}`
	];
	if (record.pool !== null) lines.push(`Pool: ${record.pool}`);
	if (record.rules.scoring !== 'standard') lines.push(`Scoring: ${record.rules.scoring}`);
	lines.push('');
	for (const turn of record.turns) lines.push(formatTurn(turn));
	if (record.hands) {
		const entries = record.hands.flatMap((hand, seat) =>
			hand ? [formatHand(record.players[seat] ?? '', hand)] : []
		);
		lines.push(`Hands: ${entries.join(', ')}`);
	}
	return `${lines.join('\n')}\n`;
}
