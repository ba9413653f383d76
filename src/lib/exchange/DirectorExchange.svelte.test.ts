import { cleanup, render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dumpTables } from '$lib/db/fixture';
import { useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { receive } from '$lib/db/sync';
import { directorKeys } from '$lib/db/sync-keys';
import { knownTournament } from '$lib/db/tournament-keys';
import { createTournament, loadTournament, recordEvent, recordEvents } from '$lib/db/tournaments';
import { openNextRound } from '$lib/domain/tournament';
import { i18n } from '$lib/i18n/index.svelte';
import { toCodes } from '$lib/protocol/frames';
import { tableKey } from '$lib/protocol/keys';
import { keyFromText } from '$lib/protocol/hmac';
import { encodePayload } from '$lib/protocol/payload';
import { batchOf, finishingChoices, roundEvents } from '$lib/protocol/testing';
import DirectorExchange from './DirectorExchange.svelte';

let database: WertungsblattDB;
beforeEach(() => {
	i18n.locale = 'de';
	localStorage.clear();
	database = new WertungsblattDB(`exchange-${Math.random()}`);
	useDatabase(database);
});
afterEach(async () => {
	cleanup();
	database.close();
	await database.delete();
});

const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];

/** A tournament directed on this device, round 1 drawn. */
async function tournament(name: string): Promise<string> {
	const created = await createTournament({ format: 'triominos', name, date: '2026-11-22' });
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	const registered = await recordEvents(
		created.value,
		NAMES.map((player) => ({ type: 'player-registered' as const, player: `p-${player}`, name: player }))
	);
	if (!registered.ok) throw new Error(JSON.stringify(registered.error));
	const next = openNextRound(registered.value.state, { id: 'x', at: 'x', seed: name });
	if (!next.ok) throw new Error(JSON.stringify(next.error));
	const { type, round, seed, tables } = next.value;
	const opened = await recordEvent(created.value, { type, round, seed, tables: tables.map((t) => [...t]) });
	if (!opened.ok) throw new Error(JSON.stringify(opened.error));
	return created.value;
}

/** The view the page shows: the selected tab of its own tab list (the code reader has another). */
async function openView(): Promise<HTMLElement> {
	const views = await screen.findByRole('tablist', { name: 'Austausch' });
	return within(views).getByRole('tab', { selected: true });
}

describe('the director’s exchange screen', () => {
	it('says in the chosen language when the codes cannot be made, and why', async () => {
		const open = await tournament('Herbstturnier');
		const sign = vi.spyOn(crypto.subtle, 'sign').mockRejectedValue(new Error('OperationError'));
		try {
			for (const [locale, text] of [
				['de', 'Die Codes konnten nicht erstellt werden (OperationError). Bitte die Seite neu laden.'],
				['en', 'The codes could not be made (OperationError). Please reload the page.']
			] as const) {
				i18n.locale = locale;
				render(DirectorExchange, { id: open });
				expect(await screen.findByRole('alert')).toHaveTextContent(text);
				cleanup();
			}
		} finally {
			sign.mockRestore();
		}
	});

	it('refuses a result code of another tournament directed on this device, writing nothing', async () => {
		const open = await tournament('Herbstturnier');
		const other = await tournament('Winterturnier');
		const known = await knownTournament(other);
		const key = await tableKey(keyFromText(known!.key!)!, other, 1, 1);
		const events = roundEvents({
			players: ['Anna', 'Ben', 'Cara'],
			choices: finishingChoices([3]),
			tournamentId: other
		});
		const [code] = toCodes(
			await encodePayload({ kind: 'batch', batch: batchOf(events, { tournamentId: other }) }, key)
		);
		// The screen makes the director's signing key on first use; that is not what this test is about.
		await directorKeys(open, 'Herbstturnier');
		const before = await dumpTables(database);

		render(DirectorExchange, { id: open });
		await screen.findByRole('heading', { level: 1, name: 'Austausch – Herbstturnier' });
		await userEvent.click(await screen.findByRole('tab', { name: 'Ergebnisse einsammeln' }));
		const box = screen.getByRole('textbox', { name: 'Code als Text' });
		await userEvent.click(box);
		await userEvent.paste(code!);
		await userEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
		const alert = await screen.findByRole('alert');
		expect(alert).toHaveTextContent(
			`Der Code gehört zu einem anderen Turnier (${other}) als dem hier geöffneten.`
		);
		expect(await dumpTables(database)).toEqual(before);
	});

	it('opens on handing out a round not yet handed out, and on collecting once its tables play', async () => {
		const id = await tournament('Herbstturnier');
		render(DirectorExchange, { id });
		expect(await openView()).toHaveTextContent('Tische ausgeben');
		await screen.findByRole('heading', { name: 'Tische ausgeben – Runde 1' });
		// The table codes are signed before they are shown; once one is on screen, the round counts as handed out.
		await screen.findAllByRole('img', {}, { timeout: 5000 });
		cleanup();

		// The codes were shown: the tables play now, and the director comes back to collect.
		render(DirectorExchange, { id });
		expect(await openView()).toHaveTextContent('Ergebnisse einsammeln');
	});

	it('opens on collecting once a table has sent its result, wherever the codes were handed out', async () => {
		const id = await tournament('Herbstturnier');
		const known = await knownTournament(id);
		const loaded = await loadTournament(id);
		if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
		const players = (loaded.value.state.rounds[0]?.tables[0] ?? []).map(
			(player) => loaded.value.state.players.get(player)?.name ?? player
		);
		const events = roundEvents({ players, choices: finishingChoices([3]), tournamentId: id });
		const bytes = await encodePayload(
			{ kind: 'batch', batch: batchOf(events, { tournamentId: id }) },
			await tableKey(keyFromText(known!.key!)!, id, 1, 1)
		);
		expect((await receive(bytes, ['batch'], { tournamentId: id })).ok).toBe(true);

		render(DirectorExchange, { id });
		expect(await openView()).toHaveTextContent('Ergebnisse einsammeln');
	});
});
