import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardTable } from '$lib/db/sync-board';
import { i18n } from '$lib/i18n/index.svelte';
import Board from './Board.svelte';

beforeEach(() => {
	i18n.locale = 'de';
});
afterEach(cleanup);

const table: BoardTable = {
	table: 1,
	players: ['Bärbel', 'Jörg', 'Jürgen'],
	state: 'reported',
	digest: null,
	totals: null,
	names: null,
	conflicts: 0,
	recorded: [
		{ name: 'Bärbel', points: 116 },
		{ name: 'Jörg', points: 52 },
		{ name: 'Jürgen', points: 50 }
	],
	setAside: 0,
	tablet: 'Blau'
};

describe('the collect board', () => {
	it('names a table’s tablet by its table and its chosen name, never by a device id', () => {
		render(Board, { round: 'Runde 2', tables: [table, { ...table, table: 2, tablet: null }] });
		const [first, second] = screen.getAllByRole('listitem');
		expect(within(first!).getByText('Tablet „Blau“ (Tisch 1 in Runde 2)')).toBeTruthy();
		expect(within(second!).queryByText(/Tablet/)).toBeNull();
	});

	it.each([
		['de', ['Jürgen'], 'Meldung: Jürgen fehlt – siehe unten'],
		['de', ['Jörg', 'Jürgen'], 'Meldung: Jörg und Jürgen fehlen – siehe unten'],
		['en', ['Jürgen'], 'Reported: Jürgen is missing – see below']
	] as const)('says on the table’s row who is missing by an open report (%s, %j)', (locale, names, text) => {
		i18n.locale = locale;
		const missing = { ...table, table: 2, state: 'missing' as const, recorded: null };
		render(Board, { round: 'Runde 2', tables: [table, missing], absent: new Map([[2, names]]) });
		const [first, second] = screen.getAllByRole('listitem');
		expect(within(second!).getByText(text)).toBeTruthy();
		expect(within(first!).queryByText(/Meldung|Reported/)).toBeNull();
	});
});
