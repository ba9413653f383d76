import { describe, expect, it } from 'vitest';
import { applyEvent, type TournamentState } from '../domain/tournament';
import { namesFromList, planRegistration } from './registration';
import { problemText } from '$lib/i18n/problems/index';

function created(format: 'triominos' | 'swiss' = 'triominos', maxPlayers?: number): TournamentState {
	const state = applyEvent(null, {
		type: 'tournament-created',
		id: 'c',
		at: '',
		format,
		name: 'T',
		date: '2025-01-01',
		...(maxPlayers ? { options: { maxPlayers } } : {})
	});
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return state.value;
}

describe('a pasted list of names', () => {
	it.each([
		['Anna\nBen\r\nCara', ['Anna', 'Ben', 'Cara']],
		['Anna, Ben,Cara', ['Anna', 'Ben', 'Cara']],
		['1. Anna Maria\n2) Ben   Berg\n\n  ', ['Anna Maria', 'Ben Berg']],
		['Anna;Ben\tCara', ['Anna', 'Ben', 'Cara']],
		['3D-Druck Team', ['3D-Druck Team']]
	])('%j gives %j', (text, names) => {
		expect(namesFromList(text)).toEqual(names);
	});
});

describe('planning a registration', () => {
	it('accepts new names and refuses duplicates, also within the list and ignoring case', () => {
		let n = 0;
		const plan = planRegistration(created(), ['Anna', 'Ben', 'anna', 'Cara', 'BEN'], () => `p${++n}`);
		expect(plan.drafts.map((d) => d.type === 'player-registered' && d.name)).toEqual(['Anna', 'Ben', 'Cara']);
		expect(plan.refused.map((r) => [r.name, r.problem.code])).toEqual([
			['anna', 'duplicate-name'],
			['BEN', 'duplicate-name']
		]);
		expect(problemText(plan.refused[0]!.problem, 'de')).toBe('„anna“ ist schon angemeldet.');
		expect(problemText(plan.refused[0]!.problem, 'en')).toBe('"anna" is already registered.');
	});

	it('stops at the player limit of the swiss format', () => {
		let n = 0;
		const plan = planRegistration(created('swiss', 3), ['A', 'B', 'C', 'D'], () => `p${++n}`);
		expect(plan.drafts).toHaveLength(3);
		expect(plan.refused.map((r) => r.problem.code)).toEqual(['too-many-players']);
	});
});
