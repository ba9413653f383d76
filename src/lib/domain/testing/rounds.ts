import fc from 'fast-check';
import { canonicalTile, formatTile, handSumRange, tileSet, tileValue, type Tile } from '../tiles';
import { applyAction, legalActions, startRound, type RoundAction, type RoundState } from '../round';
import { BONUSES, PRESETS, type RuleOptions } from '../rules';

/** A legal round played from random choices: the setup, its actions and the resulting state. */
export interface PlayedRound {
	readonly state: RoundState;
	readonly actions: readonly RoundAction[];
}

/** Plays choices through the rules, picking only legal actions; ends with a settlement when due. */
export function playChoices(
	rules: RuleOptions,
	players: string[],
	start: number,
	choices: readonly number[],
	options: { pool?: number; passBias?: boolean } = {}
): PlayedRound {
	const { pool, passBias = false } = options;
	const started = startRound({ rules, players, start, ...(pool === undefined ? {} : { pool }) });
	if (!started.ok) throw new Error(JSON.stringify(started.error));
	let state = started.value;
	const actions: RoundAction[] = [];
	const apply = (action: RoundAction) => {
		const next = applyAction(state, action);
		if (!next.ok) throw new Error(`generator produced an illegal action: ${JSON.stringify(next.error)}`);
		state = next.value;
		actions.push(action);
	};
	for (const choice of choices) {
		const legal = legalActions(state);
		if (legal.settle || legal.seat === null) break;
		const options: RoundAction[] = [];
		if (legal.draw) options.push({ type: 'draw' }, { type: 'draw' });
		if (legal.pass)
			options.push(...Array.from({ length: passBias ? 6 : 1 }, () => ({ type: 'pass' as const })));
		if (legal.lay) {
			const tile = unnamedTile(state, choice);
			if (tile && choice % 3 === 0) {
				options.push({ type: 'lay', value: tileValue(tile), tile, bonus: null, out: legal.lastTile });
			}
			const value = choice % 16;
			const bonus = legal.bonus && choice % 7 === 0 ? (BONUSES[choice % 4] ?? null) : null;
			options.push({ type: 'lay', value, tile: null, bonus, out: legal.lastTile });
			options.push({ type: 'lay', value: (choice >> 4) % 16, tile: null, bonus: null, out: legal.lastTile });
		}
		const action = options[choice % options.length];
		if (action) apply(action);
	}
	if (legalActions(state).settle) {
		const free = tileSet(rules.tiles).filter((t) => !state.namedTiles.includes(formatTile(t)));
		const hands = state.hands.map((count, seat) => {
			if (count === 0) return null;
			const pick0 = choices[(seat * 7) % Math.max(choices.length, 1)] ?? 0;
			if (pick0 % 2 === 0 && free.length >= count) {
				const tiles = free.splice(pick0 % (free.length - count + 1), count);
				return { sum: tiles.reduce((a, t) => a + tileValue(t), 0), tiles };
			}
			const { min, max } = handSumRange(count, rules.tiles);
			const pick = choices[seat % Math.max(choices.length, 1)] ?? 0;
			return { sum: min + (pick % (max - min + 1)), tiles: null };
		});
		apply({ type: 'settle', hands });
	}
	return { state, actions };
}

/** A tile of the set not yet named in the round, chosen by `choice`. */
function unnamedTile(state: RoundState, choice: number): Tile | null {
	const { tiles } = state.setup.rules;
	const free = tileSet(tiles).filter((t) => !state.namedTiles.includes(formatTile(canonicalTile(t, tiles))));
	return free[choice % Math.max(free.length, 1)] ?? null;
}

/** Arbitrary rules (tournament, classic, kids; 56 or 76 tiles). */
export const arbitraryRules: fc.Arbitrary<RuleOptions> = fc
	.record({
		preset: fc.constantFrom(...PRESETS),
		kids: fc.boolean(),
		tiles: fc.constantFrom(56 as const, 76 as const)
	})
	.map(({ preset, kids, tiles }) => ({
		preset,
		scoring: preset === 'classic' && kids ? ('kids' as const) : ('standard' as const),
		tiles
	}));

/**
 * Player names as a tournament may have them: plain, with umlauts and ß, and awkward for the record —
 * commas, colons, '#', quotes, spaces, names like keywords or like tokens, names that begin other names.
 */
export const arbitraryName: fc.Arbitrary<string> = fc.oneof(
	fc.constantFrom('Anna', 'Ben', 'Cara', 'Dirk', 'Emil', 'Frida'),
	fc.constantFrom(
		'Müller, H.',
		'H. Müller',
		'Jörg Weiß',
		'Straße',
		'ß',
		'SS',
		'Zoë',
		'İlkay',
		'İlkay Ş',
		'Dr. No: 7',
		'Tisch #2',
		'#1',
		'"Ace"',
		'Bob "B" Smith',
		"O'Neil",
		'Hands',
		'players',
		'START',
		'Pool',
		'rules',
		'Tiles',
		'Scoring',
		'hands:',
		'Anna 14',
		'Anna 3-4-4',
		'Anna Lena',
		'd',
		'pass',
		'7',
		'3-4-5',
		'a,b,c',
		' Anna B. '
	),
	fc.string({
		unit: fc.constantFrom('a', 'B', 'ü', 'ß', 'é', ',', ':', '#', '"', ' ', '-', '1', '.'),
		minLength: 1,
		maxLength: 10
	})
);

/** Names for a table: trimmed, not empty, not seated twice (case does not count). */
const arbitraryNames = fc
	.uniqueArray(
		arbitraryName.filter((name) => name.trim() !== ''),
		{
			minLength: 6,
			maxLength: 6,
			selector: (name) => name.trim().toLowerCase()
		}
	)
	.map((names) => names.map((name) => name.trim()));

/** Arbitrary legal rounds of 2–6 players, often played to the end. */
export function arbitraryRound(
	options: { players?: fc.Arbitrary<number>; rules?: fc.Arbitrary<RuleOptions> } = {}
) {
	return fc
		.record({
			rules: options.rules ?? arbitraryRules,
			count: options.players ?? fc.integer({ min: 2, max: 6 }),
			start: fc.nat(),
			smallPool: fc.option(fc.nat({ max: 6 }), { freq: 3 }),
			passBias: fc.boolean(),
			choices: fc.array(fc.nat({ max: 1 << 16 }), { minLength: 0, maxLength: 400, size: 'max' }),
			names: arbitraryNames
		})
		.map(({ rules, count, start, smallPool, passBias, choices, names }) => {
			const players = names.slice(0, count);
			return playChoices(rules, players, start % count, choices, {
				pool: smallPool ?? undefined,
				passBias: passBias && smallPool !== null
			});
		});
}
