// A tablet no forger can capture for good (issue 24, case 3): a fresh tablet that read a forger's table
// code (the real tournament, his key) refuses his standings "after round 10000", and once it holds his
// standings "after round 26" and the real director's table code asks for a key change, „Turnier verlassen“
// on /tisch brings it back: it forgets the forger's key and standings and joins the real table at once.
// In real Chromium; codes passed by their text, as the scanner would read them.
import { describe, expect, it } from 'vitest';
import type { StandingsPayload } from '../../src/lib/codecs/sync';
import { EVIL_WINS, evilStandings, forgerKeys } from '../../src/lib/protocol/capture-testing';
import { encodePayload } from '../../src/lib/protocol/payload';
import { toCodes } from '../../src/lib/protocol/frames';
import { useChromium } from './pages/devices';
import { pasteCodes } from './pages/exchangeDesk';
import { TabletPage } from './pages/TabletPage';
import { drawnLog, tableCodes, tournamentFile } from './pages/tournamentFiles';

const SIX = ['Bärbel', 'Jörg', 'Jürgen', 'Anke', 'Hans', 'Ute'];

describe('a tablet a forger reached first', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;

	it('refuses standings beyond any tournament, and „Turnier verlassen“ frees it for the director’s code', async () => {
		const fixture = await tournamentFile('t-e2e0capture0herbst', drawnLog('Herbstturnier', SIX, 'capture-1'));
		// The forger: the real tournament and seating, his own keys.
		const forger = { ...fixture, ...(await forgerKeys()) };
		const evil = (afterRound: number, revision: number) => evilStandings(fixture, afterRound, revision);
		const signed = async (payload: StandingsPayload) => toCodes(await encodePayload(payload, forger.signing));

		const { page } = await chromium.device({ timeout: 10_000 });
		const tablet = new TabletPage(page, baseURL);
		await tablet.open();
		await tablet.join(await tableCodes(forger, 1, 1), 1, 1);
		// "After round 10000": no director sends that; refused, nothing taken.
		await pasteCodes(page, await signed(evil(10_000, 2 ** 40)));
		await page
			.getByText(/Dieser Code nennt Runde 10000 und den Stand .* so weit reicht kein Turnier/)
			.waitFor();
		await expect(page.getByText(EVIL_WINS).count()).resolves.toBe(0);
		// Within the bounds his standings are believed while his key is pinned …
		await tablet.takeStandings(await signed(evil(26, 20_000)));
		await page.getByText(EVIL_WINS).waitFor();
		// … and the director's own table code asks for a key change.
		const genuine = await tableCodes(fixture, 1, 1);
		await pasteCodes(page, genuine);
		await page.getByRole('heading', { name: 'Anderes Gerät der Turnierleitung' }).waitFor();
		await page.getByRole('button', { name: 'Abbrechen', exact: true }).click();

		// „Turnier verlassen“, confirmed: the tablet is as new to the tournament.
		await page.getByRole('button', { name: 'Turnier verlassen' }).click();
		await page.getByRole('alertdialog', { name: 'Turnier „Herbstturnier“ verlassen?' }).waitFor();
		await page.getByRole('button', { name: 'Ja, Turnier verlassen' }).click();
		await page.getByText('Turnier „Herbstturnier“ verlassen.', { exact: false }).waitFor();
		await expect(page.getByText(EVIL_WINS).count()).resolves.toBe(0);
		// The director's table code now joins at once, no question asked.
		await tablet.join(genuine, 1, 1);
		await expect(
			page.getByRole('heading', { name: 'Anderes Gerät der Turnierleitung' }).count()
		).resolves.toBe(0);
		await expect(page.getByText(EVIL_WINS).count()).resolves.toBe(0);
	});
});
