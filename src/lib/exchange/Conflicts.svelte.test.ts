import { cleanup, render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingBatch } from '$lib/codecs/sync';
import type { ConflictView } from '$lib/db/conflicts';
import { i18n } from '$lib/i18n/index.svelte';
import Conflicts from './Conflicts.svelte';

beforeEach(() => {
	i18n.locale = 'de';
});
afterEach(cleanup);

const pending: PendingBatch = {
	tournamentId: 't-herbst',
	round: 2,
	table: 1,
	stream: 'r-tablet1',
	device: 'tablet1',
	code: 'X',
	events: 40,
	reason: 'locked',
	receivedAt: 0,
	status: 'open'
};
const recorded = [
	{ name: 'Bärbel', points: 116 },
	{ name: 'Jörg', points: 52 },
	{ name: 'Jürgen', points: 50 }
];
const incoming = [
	{ name: 'Bärbel', points: 50 },
	{ name: 'Jörg', points: 95 },
	{ name: 'Jürgen', points: 58 }
];

/** The code as it was read back: carried to the decision as it is (the card itself shows `incoming`). */
const payload: ConflictView['payload'] = { ok: false, error: { code: 'checksum' } };

function cardOf(shown: Omit<ConflictView, 'payload'>) {
	const ondecide = vi.fn();
	const view: ConflictView = { ...shown, payload };
	render(Conflicts, { pending: [view], roundName: (round: number) => `Runde ${round}`, ondecide });
	return { ondecide, card: within(screen.getByRole('listitem', { name: 'Runde 2, Tisch 1' })) };
}

describe('a decision card', () => {
	it('of a locked round says so and takes the code only as a director override with a typed reason', async () => {
		const user = userEvent.setup();
		const { ondecide, card } = cardOf({ pending, recorded, incoming, locked: { running: 3 } });
		expect(card.getByText(/^Runde 2 ist gesperrt – Runde 3 läuft\./)).toBeTruthy();
		const reason = card.getByRole<HTMLInputElement>('textbox', { name: 'Grund' });
		expect(reason.value).toBe('');
		expect(card.queryByRole('button', { name: 'Dieses Ergebnis übernehmen' })).toBeNull();
		const override = card.getByRole('button', { name: 'Als Korrektur der Turnierleitung übernehmen' });
		await user.click(override);
		expect(card.getByRole('alert').textContent).toMatch(/bitte eine Begründung eintragen/);
		expect(ondecide).not.toHaveBeenCalled();
		await user.type(reason, 'Tablet kam zu spät');
		await user.click(override);
		expect(ondecide).toHaveBeenCalledExactlyOnceWith(
			{ pending, payload, recorded, incoming, locked: { running: 3 } },
			'take',
			'Tablet kam zu spät',
			true
		);
	});

	it('keeps saying why it waited after it was set aside (issue 25, item 9)', () => {
		const second: PendingBatch = { ...pending, reason: 'other-stream' };
		const reason = 'Ein zweites Gerät hat diesen Tisch erfasst (z. B. Ersatztablet).';
		const open = cardOf({ pending: second, recorded, incoming, locked: { running: 3 } }).card;
		expect(open.getByText(reason, { exact: false })).toBeTruthy();
		expect(open.getByText(/^Runde 2 ist gesperrt – Runde 3 läuft\./)).toBeTruthy();
		cleanup();
		const setAside = { ...second, status: 'set-aside' as const };
		const decided = cardOf({ pending: setAside, recorded, incoming, locked: { running: 3 } }).card;
		expect(decided.getByText(reason, { exact: false })).toBeTruthy();
		expect(decided.queryByText(/ist gesperrt/)).toBeNull();
		expect(decided.getByText(/beiseitegelegt/)).toBeTruthy();
	});

	it('of an open round with a recorded result asks for a reason before the code replaces it', async () => {
		const user = userEvent.setup();
		const view = {
			pending: { ...pending, reason: 'other-device' as const },
			recorded,
			incoming,
			locked: null
		};
		const { ondecide, card } = cardOf(view);
		const take = card.getByRole('button', { name: 'Dieses Ergebnis übernehmen' });
		await user.click(take);
		expect(ondecide).not.toHaveBeenCalled();
		await user.type(card.getByRole('textbox', { name: 'Grund' }), 'Ersatztablet');
		await user.click(take);
		expect(ondecide).toHaveBeenCalledExactlyOnceWith({ ...view, payload }, 'take', 'Ersatztablet', false);
	});

	it('names the tablet by its table and its chosen name, never by a device id', () => {
		const { card } = cardOf({
			pending: { ...pending, tablet: 'Blau' },
			recorded,
			incoming,
			locked: { running: 3 }
		});
		expect(card.getByText(/Tablet „Blau“ \(Tisch 1 in Runde 2\)/)).toBeTruthy();
		expect(card.queryByText(/tablet1/)).toBeNull();
	});

	it('of a tablet that holds another table names that table and takes the code only with a reason', async () => {
		const user = userEvent.setup();
		const view = {
			pending: { ...pending, reason: 'other-table' as const, holds: { round: 2, table: 3 }, tablet: 'Grün' },
			recorded: null,
			incoming,
			locked: null
		};
		const { ondecide, card } = cardOf(view);
		expect(card.getByText(/Das Tablet gehört zu Runde 2, Tisch 3, nicht zu Runde 2, Tisch 1/)).toBeTruthy();
		expect(card.getByText(/Tablet „Grün“ \(Tisch 1 in Runde 2\)/)).toBeTruthy();
		const take = card.getByRole('button', { name: 'Dieses Ergebnis übernehmen' });
		await user.click(take);
		expect(card.getByRole('alert').textContent).toMatch(
			/gehört zu einem anderen Tisch: bitte eine Begründung/
		);
		expect(ondecide).not.toHaveBeenCalled();
		await user.type(card.getByRole('textbox', { name: 'Grund' }), 'Tablet getauscht');
		await user.click(take);
		expect(ondecide).toHaveBeenCalledExactlyOnceWith({ ...view, payload }, 'take', 'Tablet getauscht', false);
	});
});
