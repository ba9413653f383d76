import { readRecord } from '$lib/domain/notation/read';
import { playRound, type RoundAction, type RoundState } from '$lib/domain/round';
import { TOURNAMENT, type RuleOptions } from '$lib/domain/rules';
import { problemText } from '$lib/i18n/problems/index';

const lay = (value: number, extra: Partial<Extract<RoundAction, { type: 'lay' }>> = {}): RoundAction => ({
	type: 'lay',
	value,
	tile: null,
	bonus: null,
	out: false,
	...extra
});
const draw: RoundAction = { type: 'draw' };

/** Builders for round states in component tests. */
export const act = { lay, draw, pass: { type: 'pass' } as RoundAction };

/** A round played from actions; throws on a rule violation (a broken test, not a finding). */
export function played(
	actions: readonly RoundAction[],
	options: { players?: string[]; start?: number; rules?: RuleOptions; pool?: number } = {}
): RoundState {
	const { players = ['Anna', 'Ben', 'Cara', 'Dirk'], start = 0, rules = TOURNAMENT, pool } = options;
	const result = playRound({ rules, players, start, ...(pool === undefined ? {} : { pool }) }, actions);
	if (!result.ok) throw new Error(problemText(result.error, 'en'));
	return result.value;
}

/** A round read from `.trn` text; throws on an error. */
export function fromRecord(text: string): RoundState {
	const read = readRecord(text);
	if (!read.ok) throw new Error(`line ${read.error.line}: ${problemText(read.error, 'en')}`);
	return read.value.state;
}
