import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SetPlanChoice } from '../codecs/tournament';
import type { TournamentEvent } from '../domain/tournament';
import { recheckDraws, type DrawVerdict } from './recheck';

// Tournaments as they were stored: every round's seating drawn from its seed by the code as it shipped (one
// round moved by hand). "Auslosung nachprüfen" must keep finding each draw where it was: a change to the
// generator, the seating search or the SET plans that moved one seat would make a stored tournament's draw
// "not reproducible".
interface Recorded {
	readonly name: string;
	readonly setPlan: SetPlanChoice;
	readonly verdicts: readonly DrawVerdict[];
	readonly events: readonly TournamentEvent[];
}

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const recorded = read('./fixtures/recorded-draws.json') as Recorded[];

describe('recorded draws reproduce from their seeds', () => {
	it.each(recorded.map((tournament) => [tournament.name, tournament] as const))('%s', (_, tournament) => {
		const checks = recheckDraws(tournament.events, tournament.setPlan);
		if (!checks.ok) throw new Error(JSON.stringify(checks.error));
		expect(checks.value.map((check) => check.verdict)).toEqual(tournament.verdicts);
		expect(tournament.verdicts).not.toContain('differs');
	});

	it('the tournament stored in the schema fixture', () => {
		const fixture = read('../db/fixtures/schema-v1.json') as {
			tables: { events: { kind: string; body: TournamentEvent }[] };
		};
		const events = fixture.tables.events.filter((row) => row.kind === 'tournament').map((row) => row.body);
		const checks = recheckDraws(events, 'official');
		if (!checks.ok) throw new Error(JSON.stringify(checks.error));
		expect(checks.value.map((check) => check.verdict)).toEqual(['as-drawn', 'as-drawn']);
	});
});
