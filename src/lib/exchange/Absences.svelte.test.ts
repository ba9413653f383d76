import { cleanup, render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbsenceRow } from '$lib/codecs/sync';
import { i18n } from '$lib/i18n/index.svelte';
import Absences from './Absences.svelte';

beforeEach(() => {
	i18n.locale = 'de';
});
afterEach(cleanup);

const row: AbsenceRow = {
	tournamentId: 't-herbst',
	round: 3,
	table: 2,
	player: 'p-02',
	device: 'k3x9a0b1c2d3',
	tablet: 'Blau',
	at: 0,
	receivedAt: 0,
	status: 'open'
};

function show(rows: { row: AbsenceRow; withdrawn?: boolean }[]) {
	const ondone = vi.fn();
	render(Absences, {
		tournamentId: 't-herbst',
		absences: rows.map(({ row, withdrawn = false }) => ({ row, name: 'Jörg', withdrawn })),
		roundName: (round: number) => `Runde ${round}`,
		ondone
	});
	return ondone;
}

describe('a table’s report of a missing player at the desk', () => {
	it('names round, table, tablet and player, and lets the director mark it done or withdraw the player', async () => {
		const user = userEvent.setup();
		const ondone = show([{ row }]);
		const card = within(screen.getByRole('listitem', { name: 'Runde 3, Tisch 2' }));
		expect(card.getByText('Runde 3, Tisch 2 (Tablet „Blau“): Jörg ist nicht erschienen.')).toBeTruthy();
		const withdraw = card.getByRole<HTMLAnchorElement>('link', { name: 'Jörg abmelden …' });
		expect(withdraw.getAttribute('href')).toMatch(/\/turnier\/t-herbst\/anmeldung\?abmelden=p-02$/);
		await user.click(card.getByRole('button', { name: 'Erledigt' }));
		expect(ondone).toHaveBeenCalledExactlyOnceWith(row);
	});

	it('shows a report already dealt with without actions, and no withdrawal for a player withdrawn already', () => {
		show([
			{ row: { ...row, status: 'done', tablet: undefined } },
			{ row: { ...row, table: 1, player: 'p-01' }, withdrawn: true }
		]);
		const done = within(screen.getByRole('listitem', { name: 'Runde 3, Tisch 2' }));
		expect(done.getByText('Runde 3, Tisch 2: Jörg ist nicht erschienen.')).toBeTruthy();
		expect(done.getByText('erledigt')).toBeTruthy();
		expect(done.queryByRole('button')).toBeNull();
		const withdrawn = within(screen.getByRole('listitem', { name: 'Runde 3, Tisch 1' }));
		expect(withdrawn.getByRole('button', { name: 'Erledigt' })).toBeTruthy();
		expect(withdrawn.queryByRole('link')).toBeNull();
	});
});
