import { describe, expect, it } from 'vitest';
import type { RoundAction, RoundSetup } from '$lib/domain/round';
import { TOURNAMENT } from '$lib/domain/rules';
import { turnReplacement } from './correction';
import { tableProblemText } from '$lib/i18n/problems/table';

const setup: RoundSetup = { rules: TOURNAMENT, players: ['Anna', 'Ben', 'Cara'], start: 0, pool: 3 };
const lay = (value: number, out = false): RoundAction => ({
	type: 'lay',
	value,
	tile: null,
	bonus: null,
	out
});
const draw: RoundAction = { type: 'draw' };

describe('turnReplacement: the correction dialog edits a whole turn', () => {
	it('gives the turn’s new actions and the round with them in place', () => {
		const actions = [lay(7), draw, lay(5), lay(3)];
		const result = turnReplacement(
			setup,
			actions,
			1,
			{ draws: 1, play: { kind: 'lay', value: 4, bonus: null } },
			false
		);
		expect(result.ok && result.value).toEqual({ turn: [draw, lay(4)], all: [lay(7), draw, lay(4), lay(3)] });
	});

	it('works out whether the lay was the last tile from the hand count', () => {
		// Anna's seventh tile goes out; correcting her purchases away keeps it her last tile...
		const six = Array.from({ length: 6 }, () => [lay(1), lay(1), lay(1)]).flat();
		const actions = [...six, lay(2, true)];
		const same = turnReplacement(
			setup,
			actions,
			18,
			{ draws: 0, play: { kind: 'lay', value: 9, bonus: null } },
			true
		);
		expect(same.ok && same.value.turn).toEqual([lay(9, true)]);
		// ...while a purchase before it means it is not her last tile any more.
		const bought = turnReplacement(
			setup,
			actions,
			18,
			{ draws: 1, play: { kind: 'lay', value: 9, bonus: null } },
			true
		);
		expect(bought.ok && bought.value.turn).toEqual([draw, lay(9, false)]);
	});

	it('passes the rules’ objection on (a pass without three purchases)', () => {
		const result = turnReplacement(setup, [lay(7), lay(5)], 1, { draws: 0, play: { kind: 'pass' } }, false);
		expect(result).toMatchObject({
			ok: false,
			error: { code: 'correction-refused', later: null, problem: { code: 'early-pass' } }
		});
	});

	it('a correction that breaks a later turn says what was tried, which turn objects, and what to do (issue 14, item 6)', () => {
		// Anna's seventh tile goes out in lap 7; one more purchase in lap 1 would leave her two tiles then.
		const six = Array.from({ length: 6 }, () => [lay(1), lay(1), lay(1)]).flat();
		const actions = [...six, lay(2, true)];
		const result = turnReplacement(
			setup,
			actions,
			0,
			{ draws: 1, play: { kind: 'lay', value: 1, bonus: null } },
			false
		);
		expect(result.ok ? null : tableProblemText(result.error, 'de')).toBe(
			'„1 Kauf, dann 1 legen“ für Anna in Runde 1 passt nicht zum Rest der Runde: danach stimmt der Zug von Anna in Runde 7 nicht mehr (Anna hat noch 2 Steine – das ist nicht der letzte Stein). Zuerst jenen Zug korrigieren – oder diesen Zug anders eintragen.'
		);
		expect(result.ok ? null : tableProblemText(result.error, 'en')).toMatch(
			/^"1 purchase, then lay 1" for Anna in lap 1 does not fit/
		);
	});

	it('an objection to the turn itself names the turn and what was tried', () => {
		const result = turnReplacement(setup, [lay(7), lay(5)], 1, { draws: 0, play: { kind: 'pass' } }, false);
		expect(result.ok ? null : tableProblemText(result.error, 'de')).toMatch(
			/^„passen“ geht für Ben in Runde 1 nicht: .+\. Bitte den Zug anders eintragen\.$/
		);
	});
});
