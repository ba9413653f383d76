// A tablet that ran the version-1 app opens today's: the stored database upgrades in Chromium's own
// IndexedDB, not only in fake-indexeddb (src/lib/db/upgrade.test.ts). The database is the fixture of
// version 1 (src/lib/db/fixtures/schema-v1.json), written row by row with plain IndexedDB.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRawDatabase, rawPlan } from '../../src/lib/db/raw-fixture';
import { DB_NAME, IDB_VERSION } from '../../src/lib/db/version';
import { formatWhole } from '../../src/lib/domain/numbers';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';
import { storedVersion, storeSnapshot } from './pages/stores';

interface FixtureV1 {
	nativeVersion: number;
	stores: Record<string, string>;
	tables: Record<string, { id?: string; key?: string }[]>;
	expected: {
		tournaments: {
			id: string;
			name: string;
			standings: { player: string; rank: number; points: string; gamePoints: number }[];
		}[];
	};
}

const fixture = JSON.parse(
	readFileSync(new URL('../../src/lib/db/fixtures/schema-v1.json', import.meta.url), 'utf8')
) as FixtureV1;

describe('a database of version 1 in a real browser', () => {
	const chromium = useChromium();

	it('upgrades when today’s app opens it: every event kept, the sync rows in their stores, the standings as before', async () => {
		const { page } = await chromium.device();
		// A file of the app's origin that runs none of its code: the database is written before the app sees it.
		await page.goto(`${chromium.baseURL}/favicon.svg`);
		await page.evaluate(buildRawDatabase, rawPlan(DB_NAME, fixture));
		expect(await storedVersion(page)).toBe(fixture.nativeVersion);

		const [tournament] = fixture.expected.tournaments;
		const desk = new DirectorDesk(page, chromium.baseURL);
		await page.goto(`${chromium.baseURL}/turnier`);
		await page.getByRole('link', { name: tournament!.name }).waitFor();
		await page.goto(`${chromium.baseURL}/turnier/${tournament!.id}/rangliste`);
		const shown = await desk.standings();
		const names = new Map(
			(fixture.tables.events ?? [])
				.map(
					(event) => event as { stream?: string; body?: { type?: string; player?: string; name?: string } }
				)
				.filter((event) => event.body?.type === 'player-registered')
				.map((event) => [event.body!.player!, event.body!.name!])
		);
		expect(shown.map(({ rank, name, points, gamePoints }) => ({ rank, name, points, gamePoints }))).toEqual(
			tournament!.standings.map((row) => ({
				rank: `${row.rank}.`,
				name: names.get(row.player),
				points: row.points,
				gamePoints: formatWhole(row.gamePoints)
			}))
		);

		await page.goto(`${chromium.baseURL}/favicon.svg`);
		expect(await storedVersion(page)).toBe(IDB_VERSION);
		const tables = JSON.parse(await storeSnapshot(page)) as Record<string, unknown[]>;
		const ids = (rows: { id?: string }[] | unknown[] | undefined) =>
			(rows as { id?: string }[] | undefined)?.map((row) => row.id).sort();
		expect(ids(tables.events)).toEqual(ids(fixture.tables.events));
		const metaKeys = (tables.meta as { key: string }[]).map((row) => row.key).sort();
		expect(metaKeys).toEqual(['device', 'seq']);
		// The version-1 meta rows `sync.<kind>:…`, one row each in the store of its kind.
		const movedRows = (kind: string) =>
			(fixture.tables.meta ?? []).filter((row) => row.key?.startsWith(`sync.${kind}:`)).length;
		expect({
			tournamentKeys: tables.tournamentKeys?.length,
			joined: tables.joined?.length,
			standings: tables.standings?.length,
			held: tables.held?.length,
			pending: tables.pending?.length
		}).toEqual({
			tournamentKeys: movedRows('tournament'),
			joined: movedRows('joined'),
			standings: movedRows('standings'),
			held: movedRows('held'),
			pending: movedRows('pending')
		});
	});
});
