import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAnnouncement } from '$lib/domain/announcement/check';
import { act, played } from '$lib/table/testing';
import AnnouncementCheck from './AnnouncementCheck.svelte';
import { announcementProblemText } from '$lib/i18n/problems/announcement';

// Zoë (seat 2) lays an 8 with a hexagon in lap 2; Anna-Lena has already bought for the next turn.
const round = played(
	[
		act.lay(5),
		act.lay(6),
		act.lay(7),
		act.lay(4),
		act.lay(3),
		act.lay(2),
		act.lay(8, { bonus: 'hexagon' }),
		act.draw
	],
	{ players: ['Jörg', 'Anna-Lena Müller', 'Zoë', 'Ben'] }
);
const zoesTurn = round.turns[6]!;

function check(extra: Partial<Parameters<typeof render<typeof AnnouncementCheck>>[1]> = {}) {
	const handlers = { oncheck: vi.fn(), onaccept: vi.fn(), oncorrect: vi.fn(), onretry: vi.fn() };
	render(AnnouncementCheck, {
		turn: zoesTurn,
		player: 'Zoë',
		claim: null,
		result: null,
		...handlers,
		...extra
	});
	return handlers;
}

describe('AnnouncementCheck: whose announcement, which turn (issue 14, item 2)', () => {
	afterEach(cleanup);

	it('asks for the player by name and lap', () => {
		check();
		expect(screen.getByRole('textbox', { name: 'Was hat Zoë in Runde 2 angesagt?' })).toBeInTheDocument();
	});

	it('a verdict names the player and lap it belongs to (it stays while the next player plays)', () => {
		check({
			claim: {
				type: 'claim',
				turn: 6,
				text: 'acht, Bonus fünfzig, ergibt achtundfünfzig',
				consistent: true,
				resolution: 'matched'
			}
		});
		expect(screen.getByRole('status')).toHaveTextContent(/^Zoë, Runde 2: Ansage stimmt\./);
	});

	it('a mismatch names the player and lap and leads with the ways on; the entry gives way to it', async () => {
		const text = 'acht';
		const { onretry } = check({
			result: { text, check: checkAnnouncement(text, zoesTurn.parts), say: announcementProblemText }
		});
		const alert = screen.getByRole('alertdialog');
		expect(alert).toHaveTextContent(/^Die Ansage von Zoë \(Runde 2\) weicht ab: „acht“/);
		expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Neu eingeben' }));
		expect(onretry).toHaveBeenCalledTimes(1);
	});
});

describe('AnnouncementCheck: the keys (issue 14, item 7)', () => {
	afterEach(cleanup);

	it('the announcement keys are a button that opens and closes them', async () => {
		check();
		const toggle = screen.getByRole('button', { name: /Ansage-Tasten/ });
		expect(toggle).toHaveAttribute('aria-expanded', 'false');
		await userEvent.click(toggle);
		await userEvent.click(screen.getByRole('button', { name: 'minus' }));
		await userEvent.click(screen.getByRole('button', { name: '5' }));
		expect(screen.getByRole('textbox')).toHaveValue('minus 5');
	});
});
