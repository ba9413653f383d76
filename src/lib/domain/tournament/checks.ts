import { fail, ok, type Result } from '../result';
import { isSetScore, type PlayerId, type Score } from './events';
import type { Place, ScoreField } from '../problems';
import { at, refusal } from './problems';
import { activePlayers, type TournamentState } from './state';
import type { Format } from './tables';

/** Players a table may seat: 3–4 for Triominos and swiss (000, 002), 2–8 for SET (004: "2-8 Teilnehmer pro Tisch"; RULES.md §8). */
export function tableLimits(format: Format): { min: number; max: number } {
	return format === 'set' ? { min: 2, max: 8 } : { min: 3, max: 4 };
}

/** Table sizes, known players, no one twice; every active player seated when `everyone` is set. */
export function checkSeating(
	state: TournamentState,
	round: number,
	tables: readonly (readonly PlayerId[])[],
	everyone: boolean
): Result<true> {
	const { min, max } = tableLimits(state.format);
	const seated = new Set<PlayerId>();
	for (const [index, table] of tables.entries()) {
		const where = at(round, index + 1);
		if (table.length < min || table.length > max) {
			return fail(refusal.tableSize(table.length, round, index + 1, min, max));
		}
		for (const id of table) {
			const player = state.players.get(id);
			if (!player) return fail(refusal.unknownPlayer(id, where));
			if (player.withdrawnFrom !== null && player.withdrawnFrom <= round) {
				return fail(refusal.withdrawn(id, player.withdrawnFrom));
			}
			if (seated.has(id)) return fail(refusal.seatedTwice(id, at(round)));
			seated.add(id);
		}
	}
	if (everyone) {
		const missing = activePlayers(state, round).find((id) => !seated.has(id));
		if (missing !== undefined) return fail(refusal.notSeated(missing, at(round)));
	}
	return ok(true);
}

function checkCount(value: number, id: PlayerId, field: ScoreField, at: Place, nonNegative: boolean) {
	if (!Number.isSafeInteger(value) || (nonNegative && value < 0)) {
		return refusal.badScore(id, { fault: 'not-whole', field, value, nonNegative }, at);
	}
	return null;
}

/** One score per seated player and nothing else, in the format's shape (SET counts never negative). */
export function checkScores(
	format: Format,
	players: readonly PlayerId[],
	scores: readonly Score[],
	where: Place
): Result<true> {
	const given = new Set<PlayerId>();
	for (const score of scores) {
		if (!players.includes(score.player)) return fail(refusal.notAtTable(score.player, where));
		if (given.has(score.player)) return fail(refusal.seatedTwice(score.player, where));
		given.add(score.player);
		const problem =
			format === 'set'
				? isSetScore(score)
					? (checkCount(score.found, score.player, 'found', where, true) ??
						checkCount(score.falseCalls, score.player, 'falseCalls', where, true))
					: refusal.badScore(score.player, { fault: 'set-needs-counts' }, where)
				: isSetScore(score)
					? refusal.badScore(score.player, { fault: 'points-here' }, where)
					: checkCount(score.points, score.player, 'points', where, false);
		if (problem) return fail(problem);
	}
	const missing = players.find((id) => !given.has(id));
	if (missing !== undefined) return fail(refusal.missingScore(missing, where));
	return ok(true);
}
