import { cleanup, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { createTournament, recordEvent, recordEvents } from '$lib/db/tournaments';
import { LIMITS } from '$lib/domain/limits';
import { openNextRound } from '$lib/domain/tournament';
import { i18n } from '$lib/i18n/index.svelte';
import { MAX_SINGLE_VERSION, qrVersion } from '$lib/protocol/qr';
import DirectorExchange from './DirectorExchange.svelte';

/**
 * Issue 26: codes no denser than they must be. The desk's table codes carry the director's key and
 * signature and every seated name; at the longest names a table code is a sequence of version-10 codes,
 * never one denser code (they were version 12–13, which a camera in a hall read in a median of 11 s).
 */

let database: WertungsblattDB;
beforeEach(() => {
	i18n.locale = 'de';
	localStorage.clear();
	database = new WertungsblattDB(`density-${Math.random()}`);
	useDatabase(database);
});
afterEach(async () => {
	cleanup();
	database.close();
	await database.delete();
});

/** A name of `LIMITS.nameLength` characters, with umlauts (two bytes each in the code). */
const longest = (i: number) =>
	`Hans-Jürgen Müller-Lüdenscheidt ${i} Größenwahn-Überläng`.padEnd(LIMITS.nameLength, 'ä');

/** Names as an entry list has them (the camera bench's hall names): a version-12 table code before. */
const HALL = [
	'Anna-Lena Müller',
	'Maximilian Schäfer',
	'Friederike Großmann',
	'Hans-Jürgen Weißenböck',
	'Karl-Heinz Oberländer',
	'Mechthild Bräutigam',
	'Jörg-Peter Hoffmann',
	'Annemarie Schüßler'
];
const LONGEST_TOURNAMENT = 'Großer Preis der Südwestdeutschen Triominos-Freunde – Jahresabschluss'.padEnd(
	120,
	'ü'
);

describe('the desk’s table codes', () => {
	it.each([
		['names as an entry list has them', 'Herbstturnier Leipzig', HALL],
		['the longest names', LONGEST_TOURNAMENT, Array.from({ length: 8 }, (_, i) => longest(i))]
	])('are version 10 at most with %s, 8 players', async (_, name, names) => {
		const created = await createTournament({ format: 'triominos', name, date: '2026-11-22' });
		if (!created.ok) throw new Error(JSON.stringify(created.error));
		const registered = await recordEvents(
			created.value,
			names.map((player, i) => ({ type: 'player-registered' as const, player: `p-${i}`, name: player }))
		);
		if (!registered.ok) throw new Error(JSON.stringify(registered.error));
		const next = openNextRound(registered.value.state, { id: 'x', at: 'x', seed: 'dicht' });
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		const { type, round, seed, tables } = next.value;
		expect(tables.length).toBeGreaterThan(1);
		expect(
			(await recordEvent(created.value, { type, round, seed, tables: tables.map((t) => [...t]) })).ok
		).toBe(true);

		render(DirectorExchange, { id: created.value });
		await screen.findByRole('heading', { name: 'Tische ausgeben – Runde 1' }, { timeout: 10_000 });
		// The table on screen: its codes as the desk's "Code als Text" gives them, and the picture it shows.
		const area = (await screen.findByRole(
			'textbox',
			{ name: 'Code als Text' },
			{ timeout: 10_000 }
		)) as HTMLTextAreaElement;
		const codes = area.value.split('\n').filter(Boolean);
		// Signed, with the director's key and every seated name: more than one version-10 code holds.
		expect(codes.length).toBeGreaterThan(1);
		for (const code of codes) expect(qrVersion(code.length)).toBeLessThanOrEqual(MAX_SINGLE_VERSION);
		const picture = await waitFor(
			() => {
				const shown = document.querySelector('svg.qr[data-version]');
				if (!shown) throw new Error('no code on screen yet');
				return shown;
			},
			{ timeout: 10_000 }
		);
		expect(Number(picture.getAttribute('data-version'))).toBeLessThanOrEqual(MAX_SINGLE_VERSION);
	});
});
