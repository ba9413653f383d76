import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinedTable } from '$lib/codecs/sync';
import { TOURNAMENT } from '$lib/domain/rules';
import { i18n } from '$lib/i18n/index.svelte';
import OldCodeWarning from './OldCodeWarning.svelte';

beforeEach(() => {
	i18n.locale = 'de';
});
afterEach(cleanup);

const issued = new Date(2026, 10, 21, 10, 2);
const table: JoinedTable = {
	tournamentId: 't-herbst',
	tournamentName: 'Herbstturnier',
	round: 2,
	table: 1,
	players: [
		{ id: 'p-1', name: 'Bärbel' },
		{ id: 'p-2', name: 'Jörg' }
	],
	rules: TOURNAMENT,
	issuedAt: issued.getTime() / 60_000,
	joinedAt: issued.getTime() + 80 * 60_000
};

describe('an old table code on the tablet', () => {
	it('says when the desk made it and how long ago, and offers to go on or read another code', async () => {
		const user = userEvent.setup();
		const ongoon = vi.fn();
		const onother = vi.fn();
		render(OldCodeWarning, { table, ongoon, onother });
		expect(
			screen.getByText(
				'Dieser Tisch-Code wurde um 10:02 Uhr ausgegeben, vor 1 Std. 20 Min. Läuft Runde 2 noch? Fragen Sie die Turnierleitung, bevor Sie spielen.'
			)
		).toBeTruthy();
		await user.click(screen.getByRole('button', { name: 'Runde 2 läuft noch – weiter' }));
		expect(ongoon).toHaveBeenCalledOnce();
		await user.click(screen.getByRole('button', { name: 'Anderen Tisch-Code einlesen' }));
		expect(onother).toHaveBeenCalledOnce();
	});

	it('warns nothing for a fresh code, a code from the future or a version-3 code without a time', () => {
		const cases: Partial<JoinedTable>[] = [
			{ joinedAt: issued.getTime() + 10 * 60_000 },
			{ joinedAt: issued.getTime() - 90 * 60_000 },
			{ issuedAt: undefined }
		];
		for (const over of cases) {
			render(OldCodeWarning, { table: { ...table, ...over }, ongoon: vi.fn(), onother: vi.fn() });
			expect(screen.queryByRole('alert')).toBeNull();
			cleanup();
		}
	});
});
