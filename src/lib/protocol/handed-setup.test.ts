import { describe, expect, it } from 'vitest';
import { CLASSIC, KIDS, TOURNAMENT, type RuleOptions } from '../domain/rules';
import { setupDifference, type HandedTable } from './handed-setup';
import type { SyncEvent } from './sync-events';
import { batchOf, finishingChoices, roundEvents } from './testing';

const SEATED = ['Anna', 'Ben', 'Cara'];
const HANDED: HandedTable = { rules: TOURNAMENT, players: SEATED };

function played(players: string[], rules: RuleOptions = TOURNAMENT) {
	const events = roundEvents({ players, rules, choices: finishingChoices([7]), round: 2, table: 3 });
	return batchOf(events, { round: 2, table: 3 });
}

/** A round just started with `pool` tiles left after dealing (RoundSetup.pool), nothing played yet. */
function startedWithPool(pool: number) {
	const [started] = roundEvents({ players: SEATED, choices: [], round: 2, table: 3 });
	const body = started!.body as { setup: object };
	const event: SyncEvent = { ...started!, body: { ...body, setup: { ...body.setup, pool } } };
	return batchOf([event], { round: 2, table: 3 });
}

describe('a tournament table plays what the desk handed out', () => {
	// RULES.md §6: "players are drawn to tables, seat order by draw"; §2 the tournament preset follows 000
	// (56 tiles, §1: "Tournament tables (3 or 4 players)").
	it.each([
		[
			'another preset (§2: tournament follows 000)',
			SEATED,
			CLASSIC,
			{ what: 'preset', got: 'classic', want: 'tournament' }
		],
		[
			'kids’ scoring (§2, classic only)',
			SEATED,
			KIDS,
			{ what: 'preset', got: 'classic', want: 'tournament' }
		],
		[
			'the extended set (§1: 76 tiles)',
			SEATED,
			{ ...TOURNAMENT, tiles: 76 },
			{ what: 'tiles', got: 76, want: 56 }
		],
		['a player added', [...SEATED, 'Dirk'], TOURNAMENT, { what: 'players', got: 4, want: 3 }],
		['a player left out', ['Anna', 'Ben'], TOURNAMENT, { what: 'players', got: 2, want: 3 }],
		[
			'another seat order (§6: seat order by draw)',
			['Ben', 'Anna', 'Cara'],
			TOURNAMENT,
			{ what: 'seat-order' }
		]
	] as const)('refuses %s, naming round and table', (_case, players, rules, difference) => {
		const refused = setupDifference(played([...players], rules), HANDED);
		expect(refused).toEqual({ code: 'setup-differs', round: 2, table: 3, difference });
	});

	it('refuses kids’ scoring at a table handed classic rules (§2: the scoring is the director’s)', () => {
		expect(setupDifference(played(SEATED, KIDS), { rules: CLASSIC, players: SEATED })).toEqual({
			code: 'setup-differs',
			round: 2,
			table: 3,
			difference: { what: 'scoring', got: 'kids', want: 'standard' }
		});
	});

	// §1: 56 tiles, 3 players hold 7 each: 35 stay in the pool.
	it.each([
		[34, { what: 'pool', got: 34, want: 35 }],
		[0, { what: 'pool', got: 0, want: 35 }],
		[35, null]
	] as const)('a round started with %i tiles in the pool: %o', (pool, difference) => {
		expect(setupDifference(startedWithPool(pool), HANDED)).toEqual(
			difference && { code: 'setup-differs', round: 2, table: 3, difference }
		);
	});

	it('knows the seated players by their names without the spaces around them, in either list', () => {
		expect(setupDifference(played([' Ben', 'Anna', 'Cara ']), HANDED)).toEqual({
			code: 'setup-differs',
			round: 2,
			table: 3,
			difference: { what: 'seat-order' }
		});
		expect(
			setupDifference(played(['Ben', 'Anna', 'Cara']), {
				rules: TOURNAMENT,
				players: [' Anna', 'Ben ', 'Cara']
			})
		).toEqual({ code: 'setup-differs', round: 2, table: 3, difference: { what: 'seat-order' } });
	});

	it('leaves a round that does not replay to the import’s own refusal', () => {
		const [, ...unstarted] = played(SEATED).events;
		expect(setupDifference(batchOf(unstarted, { round: 2, table: 3 }), HANDED)).toBeNull();
	});

	it('takes the round as handed out, and leaves names not in the seating to the director', () => {
		expect(setupDifference(played(SEATED), HANDED)).toBeNull();
		// Names that differ only in case or spaces are the same players.
		expect(setupDifference(played(['anna ', 'Ben', 'CARA']), HANDED)).toBeNull();
		// A name the seating does not have (renamed since the table was handed out): a conflict, not a refusal.
		expect(setupDifference(played(['Anna', 'Bernd', 'Cara']), HANDED)).toBeNull();
	});
});
