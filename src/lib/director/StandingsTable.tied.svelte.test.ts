import { cleanup, render, screen, waitFor } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logFromResults, replay, standings } from '$lib/domain/tournament';
import { sampleTournament } from '$lib/domain/tournament/sample';
import { i18n } from '$lib/i18n/index.svelte';
import StandingsTable from './StandingsTable.svelte';

beforeEach(() => (i18n.locale = 'de'));
afterEach(() => cleanup());

describe('the standings table with many tied players (issue 18, case 7)', () => {
	it('shows each row against its neighbours and works out the other comparisons only when opened', async () => {
		// 40 players, everyone 0 in one round: one tie of all, 40 × 39 comparisons in all.
		const state = replay(
			logFromResults(sampleTournament('triominos', 40, 1, 'tied', 0), '2026-03-14T10:00:00Z')
		);
		if (!state.ok) throw new Error(JSON.stringify(state.error));
		const table = standings(state.value);
		const { container } = render(StandingsTable, { tournament: state.value, standings: table });
		const user = userEvent.setup();

		// First and last row: one neighbour; every other row: two.
		expect(container.querySelectorAll('.tie')).toHaveLength(2 * 40 - 2);
		const first = table.rows[0]?.name as string;
		const row = screen
			.getByRole('rowheader', { name: new RegExp(`^${first}\\b`) })
			.closest('tr') as HTMLElement;
		expect(row.querySelector('.tie')?.textContent).toBe(
			`Gleichstand mit ${table.rows[1]?.name}: noch nicht entschieden`
		);
		await user.click(screen.getAllByText('38 weitere Vergleiche')[0] as HTMLElement);
		await waitFor(() => expect(row.querySelectorAll('.tie')).toHaveLength(39));
		expect(container.querySelectorAll('.tie')).toHaveLength(2 * 40 - 2 + 38);
	});
});
