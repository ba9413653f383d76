import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamEvents } from '$lib/db/events';
import { db, useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { createTournament, loadTournament, recordEvents } from '$lib/db/tournaments';
import { OFFICIAL_SET_PLANS } from '$lib/domain/seating/official-set-plans';
import { i18n } from '$lib/i18n/index.svelte';
import { TournamentDesk } from './tournament-desk.state.svelte';
import Draw from './Draw.svelte';
import { storedTournament } from './testing';

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`draw-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	db().close();
	await db().delete();
});

const SIX = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];

function tablesIn(region: HTMLElement): string[][] {
	const tables = within(within(region).getByRole('region', { name: 'Tische' })).getAllByRole('heading', {
		level: 4
	});
	return tables.map((heading) =>
		within(heading.parentElement as HTMLElement)
			.getAllByRole('listitem')
			.map((item) => item.textContent?.trim() ?? '')
	);
}

describe('the draw', () => {
	it('proposes a seating with its seed, and opens the round as shown', async () => {
		const id = await storedTournament('triominos', SIX);
		render(Draw, { desk: new TournamentDesk(id), makeSeed: () => 'abc123' });
		const user = userEvent.setup();

		const proposal = await screen.findByRole('region', { name: 'Vorschlag für Runde 1' });
		expect(within(proposal).getByText('abc123')).toBeInTheDocument();
		const proposed = tablesIn(proposal);
		expect(proposed.map((t) => t.length)).toEqual([3, 3]);
		const who = within(proposal).getByRole('region', { name: 'Wer sitzt wo?' });
		expect(
			within(who)
				.getAllByRole('rowheader')
				.map((h) => h.textContent)
		).toEqual(SIX);

		await user.click(screen.getByRole('button', { name: 'Runde 1 eröffnen' }));
		expect(await screen.findByRole('status')).toHaveTextContent('Runde 1 ist eröffnet.');
		const current = await screen.findByRole('region', { name: 'Runde 1' });
		expect(tablesIn(current)).toEqual(proposed);
		expect(
			screen.getByText('Runde 2 kann erst ausgelost werden, wenn alle Ergebnisse von Runde 1 da sind.')
		).toBeInTheDocument();
		const loaded = await loadTournament(id);
		expect(loaded.ok && loaded.value.state.rounds[0]?.seed).toBe('abc123');
	});

	it('keeps the proposal and its hand moves across visits until the round opens or a new draw is asked', async () => {
		const id = await storedTournament('triominos', SIX);
		let seeds = 0;
		const makeSeed = () => `seed-${++seeds}`;
		render(Draw, { desk: new TournamentDesk(id), makeSeed });
		const user = userEvent.setup();
		let proposal = await screen.findByRole('region', { name: 'Vorschlag für Runde 1' });
		expect(await within(proposal).findByText('seed-1')).toBeInTheDocument();
		const [, second] = tablesIn(proposal);
		await user.selectOptions(screen.getByRole('combobox', { name: 'Spieler' }), second![0]!);
		await user.selectOptions(screen.getByRole('combobox', { name: 'an Tisch' }), '1');
		await user.click(screen.getByRole('button', { name: 'Verschieben' }));
		const shown = tablesIn(proposal);

		// Another visit (the screen made anew): the same seed, the same moved seating — no new draw.
		cleanup();
		render(Draw, { desk: new TournamentDesk(id), makeSeed });
		proposal = await screen.findByRole('region', { name: 'Vorschlag für Runde 1' });
		expect(await within(proposal).findByText('seed-1')).toBeInTheDocument();
		expect(tablesIn(proposal)).toEqual(shown);
		expect(seeds).toBe(1);

		// The director asks for a new draw: that one is kept from now on.
		await user.click(screen.getByRole('button', { name: 'Neu auslosen' }));
		expect(await within(proposal).findByText('seed-2')).toBeInTheDocument();
		cleanup();
		render(Draw, { desk: new TournamentDesk(id), makeSeed });
		proposal = await screen.findByRole('region', { name: 'Vorschlag für Runde 1' });
		expect(await within(proposal).findByText('seed-2')).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: 'Runde 1 eröffnen' }));
		await screen.findByRole('region', { name: 'Runde 1' });
		const loaded = await loadTournament(id);
		expect(loaded.ok && loaded.value.state.rounds[0]?.seed).toBe('seed-2');
	});

	it('lets the director move a player, but refuses a table of 2', async () => {
		const id = await storedTournament('triominos', SIX);
		render(Draw, { desk: new TournamentDesk(id), makeSeed: () => 'seed' });
		const user = userEvent.setup();
		const before = (await streamEvents(id)).length;

		const proposal = await screen.findByRole('region', { name: 'Vorschlag für Runde 1' });
		const [, second] = tablesIn(proposal);
		await user.selectOptions(screen.getByRole('combobox', { name: 'Spieler' }), second![0]!);
		await user.selectOptions(screen.getByRole('combobox', { name: 'an Tisch' }), '1');
		await user.click(screen.getByRole('button', { name: 'Verschieben' }));
		expect(screen.getByText(`Von Hand geändert: ${second![0]} → Tisch 1`)).toBeInTheDocument();
		expect(tablesIn(proposal).map((t) => t.length)).toEqual([4, 2]);

		await user.click(screen.getByRole('button', { name: 'Runde 1 eröffnen' }));
		expect(await screen.findByRole('alert')).toHaveTextContent(
			'Tisch 2 in Runde 1 hat 2 Spieler – erlaubt sind 3–4.'
		);
		expect(await streamEvents(id)).toHaveLength(before);
	});

	it('warns when hand moves break the binding distribution, opens only when confirmed, records the moves', async () => {
		const twelve = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida', 'Jan', 'Kai', 'Lea'];
		const id = await storedTournament('triominos', twelve);
		render(Draw, { desk: new TournamentDesk(id), makeSeed: () => 'twelve' });
		const user = userEvent.setup();
		const proposal = await screen.findByRole('region', { name: 'Vorschlag für Runde 1' });
		// 000: 12 players are four 3-tables. Spreading table 4 over the others makes three 4-tables.
		const drawn = tablesIn(proposal);
		expect(drawn.map((t) => t.length)).toEqual([3, 3, 3, 3]);
		const open = screen.getByRole('button', { name: 'Runde 1 eröffnen' });
		for (const [i, name] of drawn[3]!.entries()) {
			await user.selectOptions(screen.getByRole('combobox', { name: 'Spieler' }), name);
			await user.selectOptions(screen.getByRole('combobox', { name: 'an Tisch' }), String(i + 1));
			await user.click(screen.getByRole('button', { name: 'Verschieben' }));
		}
		expect(tablesIn(proposal).map((t) => t.length)).toEqual([4, 4, 4]);
		const warning = screen.getByText('Die Tischgrößen weichen von den Regeln ab:').closest('div')!;
		expect(warning).toHaveTextContent(
			'Runde 1: 3 Tische zu 4 statt 4 Tische zu 3 – nach der verbindlichen Tischverteilung für 12 Spieler (000).'
		);
		expect(open).toBeDisabled();
		await user.click(within(warning).getByRole('checkbox', { name: /bestätige diese Tischgrößen/ }));
		expect(open).toBeEnabled();
		await user.click(open);
		expect(await screen.findByText('Runde 1 ist eröffnet.')).toBeInTheDocument();

		// The moves are in the record, and the re-check tells them from the draw.
		const loaded = await loadTournament(id);
		if (!loaded.ok) throw new Error(loaded.error.en);
		const opened = loaded.value.events.find((e) => e.type === 'round-opened');
		const [a, b, c] = drawn[3]!.map((name) => name.toLowerCase());
		expect(opened).toMatchObject({
			seed: 'twelve',
			sizesConfirmed: true,
			moves: [
				{ player: a, toTable: 1 },
				{ player: b, toTable: 2 },
				{ player: c, toTable: 3 }
			]
		});
		const current = screen.getByRole('region', { name: 'Runde 1' });
		const [x, y, z] = drawn[3]!;
		expect(
			within(current).getByText(
				`Nach der Auslosung von Hand geändert: ${x} → Tisch 1; ${y} → Tisch 2; ${z} → Tisch 3`
			)
		).toBeInTheDocument();
		await user.click(within(current).getByRole('button', { name: 'Auslosung nachprüfen' }));
		expect(within(current).getByRole('status')).toHaveTextContent(
			`Nachgeprüft: Der Los-Schlüssel ergibt den ausgelosten Sitzplan; danach von Hand geändert: ${x} → Tisch 1; ${y} → Tisch 2; ${z} → Tisch 3.`
		);
	});

	it('seats SET by the official plan where it is valid, and says when it is not', async () => {
		const nine = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida'];
		const id = await storedTournament('set', nine);
		render(Draw, { desk: new TournamentDesk(id), makeSeed: () => 'x' });
		expect(
			await screen.findByText('Der offizielle Plan für 9 Spieler ist gültig, ohne wiederholte Gegner.')
		).toBeInTheDocument();
		expect(await screen.findByText(/Sitzplan nach dem offiziellen Plan \(004 §3\)/)).toBeInTheDocument();
		const user = userEvent.setup();
		await user.click(screen.getByRole('button', { name: 'Runde 1 eröffnen' }));
		await screen.findByRole('region', { name: 'Runde 1' });

		// Rounds 2–4 follow the plan: the same numbering, so the tables match 004 §3 for 9 players.
		const loaded = await loadTournament(id);
		if (!loaded.ok) throw new Error(loaded.error.en);
		const first = loaded.value.state.rounds[0]!;
		const plan = OFFICIAL_SET_PLANS.find((p) => p.players === 9)!;
		const number = new Map<string, number>();
		plan.rounds[0]!.forEach((table, t) => table.forEach((k, s) => number.set(first.tables[t]![s]!, k)));
		const scores = first.tables.map((table, t) => ({
			type: 'table-reported' as const,
			round: 1,
			table: t + 1,
			scores: table.map((player) => ({ player, found: 3, falseCalls: 0 }))
		}));
		expect(await recordEvents(id, scores)).toMatchObject({ ok: true });
		await screen.findByRole('region', { name: 'Vorschlag für Runde 2' });
		await user.click(screen.getByRole('button', { name: 'Runde 2 eröffnen' }));
		await screen.findByRole('region', { name: 'Runde 2' });
		const after = await loadTournament(id);
		if (!after.ok) throw new Error(after.error.en);
		const second = after.value.state.rounds[1]!.tables.map((table) => table.map((p) => number.get(p)));
		expect(second).toEqual(plan.rounds[1]);
		cleanup();

		const faulty = await createTournament({ format: 'set', name: 'SET 27', date: '2025-05-17' });
		if (!faulty.ok) throw new Error(faulty.error.en);
		const names = Array.from({ length: 27 }, (_, i) => `Spieler ${i + 1}`);
		await recordEvents(
			faulty.value,
			names.map((name, i) => ({ type: 'player-registered', player: `p${i}`, name }))
		);
		render(Draw, { desk: new TournamentDesk(faulty.value), makeSeed: () => 'y' });
		expect(
			await screen.findByText(
				/Der offizielle Plan für 27 Spieler ist fehlerhaft \(2 Fehler\) und wird nicht verwendet\./
			)
		).toBeInTheDocument();
		// Not only how many faults: which ones (OFFICIAL_PLANS.md), and who meets again.
		const note = screen.getByRole('note', { name: 'Offizieller Plan' });
		const [faults, repeats] = within(note).getAllByRole('list');
		expect(
			within(faults!)
				.getAllByRole('listitem')
				.map((li) => li.textContent)
		).toEqual(['Runde 3: Spieler 26 sitzt 2-mal (Tisch 6 und 9).', 'Runde 3: Spieler 20 fehlt.']);
		expect(within(repeats!).getAllByRole('listitem')).toHaveLength(7);
		expect(
			within(note).getByText('Spieler 4 und 19 treffen sich 2-mal (Runden 2 und 3).')
		).toBeInTheDocument();
		await waitFor(() => expect(screen.getByText(/Generierter SET-Plan/)).toBeInTheDocument(), {
			timeout: 10_000
		});
	});

	it('says in English too why the official plan for 32 players is not used: it seats 33', async () => {
		i18n.locale = 'en';
		const names = Array.from({ length: 32 }, (_, i) => `Player ${i + 1}`);
		const id = await storedTournament('set', names, [], { rounds: 4 });
		render(Draw, { desk: new TournamentDesk(id), makeSeed: () => 'z' });
		const note = await screen.findByRole('note', { name: 'Official plan' });
		expect(note).toHaveTextContent('The official plan for 32 players is faulty (4 errors) and is not used.');
		expect(
			within(note)
				.getAllByRole('listitem')
				.map((li) => li.textContent)
		).toEqual(['The plan seats 33 players, not 32: there is no player number 33 (rounds 1, 2, 3 and 4).']);
	});

	it('names the places each swiss table holds when seating by the standings: 4 + 3 + 3 is 1–4, 5–7, 8–10', async () => {
		// RULES.md §7: later swiss rounds go by the standings, 4-tables first, the 3-tables at the bottom.
		const ten = [...SIX, 'Gina', 'Hans', 'Ida', 'Jan'];
		const id = await storedTournament('swiss', ten, [
			[
				{ Anna: 10, Ben: 8, Cara: 6, Dirk: 4 },
				{ Eva: 9, Finn: 7, Gina: 5 },
				{ Hans: 9, Ida: 7, Jan: 5 }
			]
		]);
		render(Draw, { desk: new TournamentDesk(id), makeSeed: () => 'seed' });

		const proposal = await screen.findByRole('region', { name: 'Vorschlag für Runde 2' });
		expect(
			within(proposal).getByText(
				'Nach der Rangliste: Tisch 1 = Plätze 1–4, Tisch 2 = Plätze 5–7, Tisch 3 = Plätze 8–10'
			)
		).toBeInTheDocument();
		expect(tablesIn(proposal).map((t) => t.length)).toEqual([4, 3, 3]);
	});
});
