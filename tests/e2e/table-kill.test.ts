// Power cuts at the table: the browser process is killed (SIGKILL, the whole process group) at random
// moments of a scripted round, at least 20 times. After every restart on the same profile the round must
// hold every tap the screen had confirmed as saved — nothing lost, nothing doubled, nothing out of order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseTurnTokens } from '../../src/lib/domain/notation/read';
import { turnActions } from '../../src/lib/domain/notation/record';
import { seededRandom } from '../../src/lib/domain/random';
import {
	applyAction,
	legalActions,
	playRound,
	startRound,
	type RoundAction,
	type RoundState
} from '../../src/lib/domain/round';
import { TOURNAMENT } from '../../src/lib/domain/rules';
import { dismissAppBanners } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';
import { ProfileBrowser } from './pages/ProfileBrowser';
import { SheetPage, shownNumber } from './pages/SheetPage';

const PLAYERS = ['Anna', 'Ben', 'Cara', 'Dirk'];
const SETUP = { rules: { ...TOURNAMENT, tiles: 76 as const }, players: PLAYERS, start: 0 };
const MIN_KILLS = 20;
const SEED = process.env.WB_KILL_SEED ?? 'kill-2026';

/** One tap of the script: what is tapped, and the action it records. */
interface Tap {
	readonly label: string;
	readonly action: RoundAction;
}

/** A long legal round as taps: purchases, lays (some with a bonus), three-purchase passes; nobody goes out. */
function scriptedTaps(): Tap[] {
	const started = startRound(SETUP);
	if (!started.ok) throw new Error(JSON.stringify(started.error));
	let state: RoundState = started.value;
	const taps: Tap[] = [];
	const patterns = ['d v', 'v', 'd d v', 'v bridge', 'd d d pass', 'v', 'd v hexagon'];
	for (let turn = 0; turn < 400; turn++) {
		const legal = legalActions(state);
		if (legal.seat === null) break;
		const held = state.hands[legal.seat] ?? 0;
		const value = (turn * 7 + 3) % 16;
		const options = patterns.map((_, i) =>
			patterns[(turn + i) % patterns.length]!.replace('v', String(value))
		);
		let chosen: RoundAction[] | null = null;
		for (const tokens of [...options, 'pass']) {
			const parsed = parseTurnTokens('x', tokens);
			if (!parsed.ok) continue;
			const actions = turnActions(parsed.value);
			const lays = actions.filter((a) => a.type === 'lay').length;
			const draws = actions.filter((a) => a.type === 'draw').length;
			if (held + draws - lays < 1) continue; // nobody goes out: the round keeps going
			let next = state;
			const ok = actions.every((action) => {
				const applied = applyAction(next, action);
				if (applied.ok) next = applied.value;
				return applied.ok;
			});
			if (ok && next.phase === 'play') {
				chosen = actions;
				state = next;
				break;
			}
		}
		if (!chosen) break;
		for (const action of chosen) {
			const label =
				action.type === 'lay'
					? `${action.bonus ?? ''} ${action.value}`.trim()
					: action.type === 'draw'
						? 'Kaufen'
						: 'Passen';
			taps.push({ label, action });
		}
	}
	return taps;
}

async function tap(sheet: SheetPage, action: RoundAction): Promise<void> {
	if (action.type === 'draw') await sheet.buyButton.click();
	else if (action.type === 'pass') await sheet.passButton.click();
	else if (action.type === 'lay') {
		if (action.bonus) await sheet.bonusButton(action.bonus).click();
		await sheet.valueButton(action.value).click();
	}
}

/** What the screen shows of the round: totals, hands, pool, saved entries. */
async function shown(page: Page) {
	return page.evaluate(() => {
		const main = document.querySelector('main.table-screen');
		return {
			saved: Number(main?.getAttribute('data-saved')),
			pending: Number(main?.getAttribute('data-pending')),
			totals: [...document.querySelectorAll('table.sheet tfoot td')].map(
				(td) => td.textContent?.trim() ?? ''
			),
			hands: [...document.querySelectorAll('table.sheet thead .hand')].map(
				(h) => h.textContent?.trim() ?? ''
			),
			pool: document.querySelector('.pool strong')?.textContent?.trim() ?? ''
		};
	});
}

describe('table: killing the browser loses no confirmed turn', () => {
	const baseURL = inject('baseURL');
	const profile = mkdtempSync(join(tmpdir(), 'wb-kill-'));
	const browser = new ProfileBrowser(profile);
	afterAll(async () => {
		await browser.close();
		rmSync(profile, { recursive: true, force: true });
	});

	it(`survives at least ${MIN_KILLS} SIGKILLs at random moments`, { timeout: 600_000 }, async () => {
		const taps = scriptedTaps();
		expect(taps.length).toBeGreaterThan(100);
		const random = seededRandom(SEED);

		let page = await browser.launch();
		await dismissAppBanners(page);
		/** Starts a round at this table; when the script is played through, the next round starts. */
		async function newRound(): Promise<string> {
			const neu = new NewRoundPage(page);
			await neu.open(baseURL, `players=${PLAYERS.join(',')}&tiles=76&start=choose`);
			await neu.chooseStart('Anna');
			return neu.start();
		}
		let id = await newRound();
		let rounds = 1;

		/** Taps the screen has shown as saved (data-saved counted them). */
		let confirmed = 0;
		let kills = 0;
		let killsMidWrite = 0;
		let survived = 0;
		const log: string[] = [];

		while (kills < MIN_KILLS + 4) {
			if (confirmed === taps.length) {
				survived += confirmed;
				id = await newRound();
				rounds++;
				confirmed = 0;
			}
			const sheet = new SheetPage(page);
			// Kill after a random time: sometimes mid-tap, mid-write, mid-render.
			const delay = 150 + Math.floor(random.next() * 750);
			let killed = false;
			let sawPending = false;
			const killer = new Promise<void>((resolve) =>
				setTimeout(() => {
					killed = true;
					void page
						.evaluate(() => document.querySelector('main.table-screen')?.getAttribute('data-pending'))
						.then((p) => (sawPending = p !== '0' && p !== null && p !== undefined))
						.catch(() => {})
						.finally(() => void browser.kill().then(resolve));
				}, delay)
			);
			try {
				while (!killed && confirmed < taps.length) {
					const next = taps[confirmed]!;
					await tap(sheet, next.action);
					await page.waitForFunction(
						(n) => Number(document.querySelector('main.table-screen')?.getAttribute('data-saved')) >= n,
						confirmed + 1,
						{ timeout: 10_000 }
					);
					confirmed++;
				}
			} catch {
				// the browser died under the test's hands: expected
			}
			await killer;
			kills++;
			if (sawPending) killsMidWrite++;

			// Restart on the same profile and reopen the round.
			page = await browser.launch();
			await dismissAppBanners(page);
			const reopened = new SheetPage(page);
			await reopened.open(baseURL, id);
			const after = await shown(page);
			// Every confirmed tap is there; at most the one tap in flight was saved without being confirmed.
			expect(after.saved).toBeGreaterThanOrEqual(confirmed);
			expect(after.saved).toBeLessThanOrEqual(confirmed + 1);
			const expected = playRound(
				SETUP,
				taps.slice(0, after.saved).map((t) => t.action)
			);
			if (!expected.ok) throw new Error(JSON.stringify(expected.error));
			expect(after.totals.map(shownNumber)).toEqual(expected.value.totals);
			expect(after.hands).toEqual(expected.value.hands.map((n) => (n === 1 ? '1 Stein' : `${n} Steine`)));
			expect(after.pool).toBe(
				`Vorrat: ${expected.value.pool === 1 ? '1 Stein' : `${expected.value.pool} Steine`}`
			);
			log.push(`kill ${kills} after ${delay} ms: ${confirmed} confirmed, ${after.saved} stored`);
			confirmed = after.saved;
		}
		survived += confirmed;
		console.log(
			`[table-kill] seed ${SEED}: ${kills} kills (${killsMidWrite} with a write in flight), ` +
				`${rounds} round(s), ${survived} confirmed taps, none lost.`
		);
		console.log(log.join('\n'));
		expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
	});
});
