import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableAssignment } from '$lib/codecs/sync';
import { dumpTables } from '$lib/db/fixture';
import { useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { receive } from '$lib/db/sync';
import { joinedTables } from '$lib/db/sync-tablet';
import { playTable } from '$lib/db/sync-testing';
import { knownTournament } from '$lib/db/tournament-keys';
import { TOURNAMENT } from '$lib/domain/rules';
import { i18n } from '$lib/i18n/index.svelte';
import { toCodes } from '$lib/protocol/frames';
import { newTournamentKey } from '$lib/protocol/hmac';
import { bytesToText, newSigningKey, tableKey, type SigningKey } from '$lib/protocol/keys';
import { decodePayload, encodePayload } from '$lib/protocol/payload';
import TabletExchange from './TabletExchange.svelte';

// The decoder as it is, its calls counted: a code read is decoded once (issue 27).
vi.mock('$lib/protocol/payload', async (original) => {
	const actual = await original<typeof import('$lib/protocol/payload')>();
	return { ...actual, decodePayload: vi.fn(actual.decodePayload) };
});

let database: WertungsblattDB;
beforeEach(() => {
	i18n.locale = 'de';
	database = new WertungsblattDB(`tablet-${Math.random()}`);
	useDatabase(database);
});
afterEach(async () => {
	database.close();
	await database.delete();
});

const ID = 't-herbst0restored';

/** Table 1 of round 1 as a desk with these keys hands it out. */
async function tableCode(
	master: Uint8Array,
	signing: SigningKey
): Promise<{ assignment: TableAssignment; bytes: Uint8Array }> {
	const assignment: TableAssignment = {
		kind: 'assignment',
		tournamentId: ID,
		tournamentName: 'Herbstturnier',
		key: await tableKey(master, ID, 1, 1),
		round: 1,
		table: 1,
		players: ['Anna', 'Ben', 'Cara'].map((name, i) => ({ id: `p-0${i + 1}`, name })),
		rules: TOURNAMENT,
		revision: 8,
		director: signing.publicKey
	};
	return { assignment, bytes: await encodePayload(assignment, signing) };
}

async function paste(bytes: Uint8Array): Promise<void> {
	const [code] = toCodes(bytes);
	const box = screen.getByRole('textbox', { name: 'Code als Text' });
	await userEvent.clear(box);
	await userEvent.click(box);
	await userEvent.paste(code!);
	await userEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
}

describe('the tablet, handed a table code by another device of the director', () => {
	it('explains, stores nothing until the players confirm, and keeps the round begun', async () => {
		const before = await newSigningKey();
		const after = await newSigningKey();
		const first = await tableCode(newTournamentKey(), before);
		const joined = await receive(first.bytes, ['assignment', 'standings']);
		if (!joined.ok || joined.value.kind !== 'joined') throw new Error('not joined');
		// Half a round played at the table before the director's device broke.
		await playTable(first.assignment, 2, { confirm: false, stopAfter: 4 });
		const restoredMaster = newTournamentKey();
		const { bytes: second } = await tableCode(restoredMaster, after);

		render(TabletExchange, { handIn: null, onstartround: () => {} });
		await screen.findByRole('heading', { name: 'Tisch 1 · Runde 1' });
		const stored = await dumpTables(database);
		vi.mocked(decodePayload).mockClear();
		await paste(second);
		const choice = await screen.findByRole('region', { name: 'Anderes Gerät der Turnierleitung' });
		// Read once: the question names the table from the refusal, the code is not decoded again for it.
		expect(decodePayload).toHaveBeenCalledTimes(1);
		expect(choice).toHaveTextContent('Tisch-Code: Herbstturnier, Tisch 1, Runde 1');
		expect(choice).toHaveTextContent(
			'Dieser Tisch-Code ist von einem anderen Gerät der Turnierleitung unterschrieben als die bisherigen (z. B. nach einer Wiederherstellung). Nur übernehmen, wenn die Turnierleitung das bestätigt.'
		);
		expect(choice).toHaveTextContent('Eine hier schon begonnene Runde dieses Tisches bleibt erhalten');
		expect(screen.queryByRole('alert')).toBeNull();
		expect(await dumpTables(database)).toEqual(stored);

		// Cancelled: the key pinned before holds, nothing stored.
		await userEvent.click(within(choice).getByRole('button', { name: 'Abbrechen' }));
		await screen.findByText(/^Abgebrochen – der bisherige Schlüssel der Turnierleitung gilt weiter/);
		expect(screen.queryByRole('region', { name: 'Anderes Gerät der Turnierleitung' })).toBeNull();
		expect(await dumpTables(database)).toEqual(stored);

		// Read again and confirmed: the new key is pinned, the table joined with its new table key.
		await paste(second);
		const asked = await screen.findByRole('region', { name: 'Anderes Gerät der Turnierleitung' });
		await userEvent.click(
			within(asked).getByRole('button', { name: 'Neuen Schlüssel der Turnierleitung übernehmen' })
		);
		await screen.findByText('Beigetreten: Tisch 1, Runde 1.');
		expect((await knownTournament(ID))?.director).toBe(bytesToText(after.publicKey));
		const tables = await joinedTables();
		expect(tables.map((t) => t.key)).toEqual([bytesToText(await tableKey(restoredMaster, ID, 1, 1))]);
		// The round begun stays the table's round: it is handed in from here.
		await screen.findByRole('button', { name: 'Ergebnis abgeben' });
		expect(screen.getByText('Läuft')).toBeInTheDocument();
	});
});
