import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendEvents } from '$lib/db/events';
import { useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { createTournament, recordEvents } from '$lib/db/tournaments';
import { i18n } from '$lib/i18n/index.svelte';
import DirectorExchange from './DirectorExchange.svelte';

let database: WertungsblattDB;
beforeEach(() => {
	i18n.locale = 'de';
	database = new WertungsblattDB(`exchange-bounds-${Math.random()}`);
	useDatabase(database);
});
afterEach(async () => {
	cleanup();
	database.close();
	await database.delete();
});

const LONG = 'Maximiliane Auguste Theodora von und zu Hohenzollern-Sigmaringen';
const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];

/** Six players and round 1 drawn, as the desk records them. */
async function tournament(): Promise<string> {
	const created = await createTournament({ format: 'triominos', name: 'Herbstturnier', date: '2026-11-22' });
	if (!created.ok) throw new Error(created.error.en);
	const recorded = await recordEvents(created.value, [
		...NAMES.map((name) => ({ type: 'player-registered' as const, player: `p-${name}`, name })),
		{
			type: 'round-opened',
			round: 1,
			seed: 's',
			tables: [
				['p-Anna', 'p-Ben', 'p-Cara'],
				['p-Dirk', 'p-Eva', 'p-Finn']
			]
		}
	]);
	if (!recorded.ok) throw new Error(recorded.error.en);
	return created.value;
}

/** An event as a version before the bounds stored it: straight into the log, past today's doors. */
async function storedByAnOlderVersion(id: string, body: { type: string } & Record<string, unknown>) {
	await appendEvents(id, 'tournament', [
		{ type: body.type, body: { id: 'e-old', at: '2025-01-01', ...body } }
	]);
}

describe('the exchange screen with a tournament stored before the bounds (issue 18, case 6)', () => {
	it('tells the director which names the codes shorten, with the way to rename them', async () => {
		const id = await tournament();
		await storedByAnOlderVersion(id, { type: 'player-renamed', player: 'p-Anna', name: LONG });
		render(DirectorExchange, { id });

		const note = await screen.findByRole('note');
		expect(note).toHaveTextContent(
			`Zu lange Namen (mehr als 60 Zeichen) kommen in den Codes gekürzt an: ${LONG}.`
		);
		expect(screen.getByRole('link', { name: 'In der Anmeldung umbenennen' })).toHaveAttribute(
			'href',
			expect.stringMatching(new RegExp(`/turnier/${id}/anmeldung$`))
		);
		// The table codes are made all the same, the name cut to fit.
		expect(await screen.findByText(new RegExp(`${LONG.slice(0, 59)}…`))).toBeInTheDocument();
	});

	it('says which result is beyond the bound instead of failing on the standings code', async () => {
		const id = await tournament();
		const scores = [
			{ player: 'p-Anna', points: Number.MAX_SAFE_INTEGER },
			{ player: 'p-Ben', points: 40 },
			{ player: 'p-Cara', points: 20 }
		];
		await storedByAnOlderVersion(id, { type: 'table-reported', round: 1, table: 1, scores });
		render(DirectorExchange, { id });

		expect(await screen.findByRole('alert')).toHaveTextContent(
			`Anna: ${Number.MAX_SAFE_INTEGER} Spielpunkte – eine Partie ergibt höchstens ±10.000`
		);
	});
});
