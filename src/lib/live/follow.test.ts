// The live pages' follower against a real CouchDB-protocol server (express-pouchdb on loopback), with a
// proxy in front that can hang like a venue whose Wi-Fi is gone.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleTournament } from '../domain/tournament/sample';
import { database } from '../publish/couch';
import { asAdmin, startCouch, type CouchServer } from '../publish/testing/couch-server';
import { publicSeason, type SeasonPublisher } from '../publish/testing/public-season';
import { FINAL_TIE, publishable, roundByRound } from '../publish/testing/published';
import { spectatorSchema } from '../codecs/spectator';
import { FOLLOW, pauseAfter, SpectatorFeed, type FeedNews, type SharedReadings } from './follow';
import { browserCacheFetch } from './testing/browser-cache-fetch';
import { countingFetch, type Answers } from './testing/counting-fetch';
import { hangProxy, type HangProxy } from './testing/hang-proxy';

/** Short times, so a test waits seconds, not minutes: the same code, the same steps. */
const FAST = { everyMs: 100, finishedEveryMs: 100, jitter: 0.2, timeoutMs: 800, backoffCapMs: 1_000 };

let couch: CouchServer;
let proxy: HangProxy;
let director: SeasonPublisher;
const steps = roundByRound(publishable('t-follow', sampleTournament('triominos', 12, 3, 'follow')));
const other = publishable('t-other', sampleTournament('triominos', 9, 1, 'other'));

/**
 * A spectator of lea's tournament `tournament` through the proxy, anonymous, with a phone's HTTP cache; its
 * news in order, and the server's answers counted.
 */
function spectator(tournament: string, seen: Answers = { notModified: 0, full: 0 }) {
	const db = database(`${proxy.origin}/saison`, { fetch: browserCacheFetch(countingFetch(seen)) });
	if (!db.ok) throw new Error(JSON.stringify(db.error));
	const news: FeedNews[] = [];
	const feed = new SpectatorFeed(db.value, `lea:${tournament}`, (n) => news.push(n), { timing: FAST });
	return { news, feed, seen };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
	const end = Date.now() + ms;
	while (!check()) {
		if (Date.now() > end) throw new Error('not within time');
		await new Promise((r) => setTimeout(r, 20));
	}
}

const documents = (news: FeedNews[]) => news.filter((n) => n.kind === 'document');

beforeAll(async () => {
	couch = await startCouch();
	director = await publicSeason(couch, 'saison');
	proxy = await hangProxy(couch.origin);
}, 60_000);
afterAll(async () => {
	await proxy?.close();
	await couch?.stop();
});

describe('pauseAfter: every 2 s ± 20 % while answered; after failures exponential back-off with full jitter', () => {
	it.each([
		[0, 0, 1_600],
		[0, 0.5, 2_000],
		[0, 0.999_999, 2_400],
		[1, 0, 2_000],
		[1, 0.999_999, 6_000],
		[2, 0.999_999, 10_000],
		[3, 0.5, 10_000],
		[4, 0.999_999, 32_000],
		[12, 0.999_999, 32_000]
	])('after %i failures, random %f: %i ms', (failures, random, ms) => {
		expect(pauseAfter(failures, random)).toBeCloseTo(ms, -1);
	});

	it.each([
		[0, 0, 12_000],
		[0, 0.999_999, 18_000],
		[1, 0.999_999, 6_000]
	])('a finished tournament: after %i failures, random %f: %i ms', (failures, random, ms) => {
		expect(pauseAfter(failures, random, true)).toBeCloseTo(ms, -1);
	});

	it('a crowd that failed together comes back spread over the pause, not in one second', () => {
		const pauses = Array.from({ length: 1_000 }, (_, i) => pauseAfter(5, i / 1_000));
		const seconds = new Set(pauses.map((ms) => Math.floor(ms / 1_000)));
		expect(seconds.size).toBeGreaterThanOrEqual(FOLLOW.backoffCapMs / 1_000);
	});
});

describe('SpectatorFeed on a CouchDB-protocol server', () => {
	it('waits for an unpublished tournament, then reads each publish once; unchanged answers are 304s', async () => {
		const { news, feed, seen } = spectator('t-follow');
		try {
			await until(() => news.some((n) => n.kind === 'unpublished'));
			for (const [i, step] of steps.entries()) {
				const published = await director.publish(step);
				expect(published.ok).toBe(true);
				await until(() => documents(news).length === i + 1);
				const last = documents(news).at(-1);
				expect(last?.kind === 'document' && last.document.publishedAt).toBe(
					published.ok && published.value.at
				);
				expect(last?.kind === 'document' && last.document.rounds.length).toBe(step.state.rounds.length);
			}
			const before = seen.notModified;
			await until(() => seen.notModified >= before + 5);
			expect(documents(news)).toHaveLength(steps.length);
			expect(news.filter((n) => n.kind === 'failed')).toEqual([]);
		} finally {
			feed.stop();
		}
	});

	it('asks with CORS-safelisted headers only and lets the browser revalidate: no preflight on another origin', async () => {
		const asked: RequestInit[] = [];
		const seen: Answers = { notModified: 0, full: 0 };
		const db = database(`${proxy.origin}/saison`, { fetch: browserCacheFetch(countingFetch(seen)) });
		if (!db.ok) throw new Error(JSON.stringify(db.error));
		const news: FeedNews[] = [];
		const spy: typeof fetch = (input, init) => {
			asked.push(init ?? {});
			return db.value.fetch(input, init);
		};
		const feed = new SpectatorFeed({ ...db.value, fetch: spy }, 'lea:t-follow', (n) => news.push(n), {
			timing: FAST
		});
		try {
			await until(() => news.some((n) => n.kind === 'document'));
			// The revalidated copy is the body already read: not parsed again.
			const parsed = vi.spyOn(JSON, 'parse');
			await until(() => asked.length >= 4 && seen.notModified >= 2);
			expect(parsed).not.toHaveBeenCalled();
			parsed.mockRestore();
			// Fetch standard, "CORS-safelisted request-header": Accept (of safe bytes), Accept-Language,
			// Content-Language, Content-Type (three types), Range; the browser's own If-None-Match is not the page's.
			for (const init of asked) {
				expect(Object.keys(init.headers as Record<string, string>)).toEqual(['accept']);
				expect(init.cache).toBe('no-cache');
			}
			expect(news.filter((n) => n.kind === 'document')).toHaveLength(1);
		} finally {
			feed.stop();
		}
	});

	it('imports its director’s key once and checks every later revision with it', async () => {
		const rounds = roundByRound(publishable('t-once', sampleTournament('triominos', 9, 3, 'once')));
		const { news, feed } = spectator('t-once');
		const imports = vi.spyOn(crypto.subtle, 'importKey');
		try {
			// Counted from each publish's end to the follower's reading it: only the follower imports then.
			const perRevision = [];
			for (const [i, step] of rounds.entries()) {
				expect((await director.publish(step)).ok).toBe(true);
				imports.mockClear();
				await until(() => documents(news).length === i + 1);
				perRevision.push(imports.mock.calls.length);
			}
			expect(perRevision).toEqual([1, ...rounds.slice(1).map(() => 0)]);
		} finally {
			imports.mockRestore();
			feed.stop();
		}
	});

	it('a crowd sharing its readings reads each revision once, and each of its followers shows it', async () => {
		const rounds = roundByRound(publishable('t-shared', sampleTournament('triominos', 9, 2, 'shared')));
		const shared: SharedReadings = new Map();
		const crowd = Array.from({ length: 3 }, () => {
			const db = database(`${proxy.origin}/saison`, {
				fetch: browserCacheFetch(countingFetch({ notModified: 0, full: 0 }))
			});
			if (!db.ok) throw new Error(JSON.stringify(db.error));
			const news: FeedNews[] = [];
			const feed = new SpectatorFeed(db.value, 'lea:t-shared', (n) => news.push(n), { timing: FAST, shared });
			return { news, feed };
		});
		const parses = vi.spyOn(spectatorSchema, 'safeParse');
		try {
			// Counted from each publish's end to the crowd's reading it: only the followers parse then.
			const perRevision = [];
			for (const [i, step] of rounds.entries()) {
				expect((await director.publish(step)).ok).toBe(true);
				parses.mockClear();
				await until(() => crowd.every(({ news }) => documents(news).length === i + 1));
				perRevision.push(parses.mock.calls.length);
			}
			expect(perRevision).toEqual(rounds.map(() => 1));
			expect(shared.size).toBe(rounds.length);
			// The same rows for everyone: read once, shown by each.
			const [first, ...others] = crowd.map(({ news }) => documents(news));
			for (const shown of others) expect(shown).toEqual(first);
		} finally {
			parses.mockRestore();
			for (const { feed } of crowd) feed.stop();
		}
	});

	it('a spectator of another tournament is never woken by this one’s publishes', async () => {
		expect((await director.publish(other)).ok).toBe(true);
		const { news, feed } = spectator('t-other');
		try {
			await until(() => documents(news).length === 1);
			const more = publishable('t-follow', sampleTournament('triominos', 12, 4, 'follow'));
			expect((await director.publish(more)).ok).toBe(true);
			const answered = news.length;
			await until(() => news.length >= answered + 5);
			expect(documents(news)).toHaveLength(1);
		} finally {
			feed.stop();
		}
	});

	it('a server that hangs is a failure within the timeout; the pauses grow; it reads again when back', async () => {
		const { news, feed } = spectator('t-follow');
		try {
			await until(() => documents(news).length === 1);
			proxy.hang();
			const hungAt = Date.now();
			await until(() => news.some((n) => n.kind === 'failed'), 5_000);
			expect(Date.now() - hungAt).toBeLessThan(FAST.timeoutMs + FAST.everyMs * 1.2 + 500);
			expect(news.find((n) => n.kind === 'failed')).toMatchObject({
				problem: { code: 'unreachable' },
				failures: 1
			});
			await until(() => news.some((n) => n.kind === 'failed' && n.failures === 3), 15_000);
			proxy.resume();
			const failed = news.length;
			await until(() => news.slice(failed).some((n) => n.kind === 'same'), 15_000);
		} finally {
			proxy.resume();
			feed.stop();
		}
	}, 40_000);

	it('a finished tournament is asked every finishedEveryMs, one still running every everyMs', async () => {
		expect((await director.publish(publishable('t-final', FINAL_TIE))).ok).toBe(true);
		const db = database(`${proxy.origin}/saison`);
		if (!db.ok) throw new Error(JSON.stringify(db.error));
		const timing = { ...FAST, finishedEveryMs: 1_000 };
		const finished: FeedNews[] = [];
		const running: FeedNews[] = [];
		const feeds = [
			new SpectatorFeed(db.value, 'lea:t-final', (n) => finished.push(n), { timing }),
			new SpectatorFeed(db.value, 'lea:t-follow', (n) => running.push(n), { timing })
		];
		try {
			await new Promise((r) => setTimeout(r, 2_500));
			expect(documents(finished)).toMatchObject([{ document: { status: 'finished' } }]);
			// 0 s, then 0.8–1.2 s apart: 2 or 3 questions in 2.5 s (at everyMs it would be some 20).
			expect(finished.length).toBeLessThanOrEqual(3);
			expect(running.length).toBeGreaterThanOrEqual(10);
		} finally {
			for (const feed of feeds) feed.stop();
		}
	});

	it('a spectators’ document that does not read is a failure, never shown', async () => {
		await asAdmin(couch, 'PUT', '/saison/live:lea:t-junk', { type: 'wertungsblatt.live', schema: 1 });
		const { news, feed } = spectator('t-junk');
		try {
			await until(() => news.length > 0);
			expect(news[0]).toEqual({
				kind: 'failed',
				problem: { code: 'not-a-tournament', id: 'live:lea:t-junk', why: 'document' },
				failures: 1
			});
		} finally {
			feed.stop();
		}
	});

	it('one changed on the server after the director signed it (an admin passes validate) is never shown', async () => {
		expect((await director.publish(publishable('t-changed', FINAL_TIE))).ok).toBe(true);
		const stored = (await asAdmin(couch, 'GET', '/saison/live:lea:t-changed')) as { players: string[] };
		const [first, second, ...rest] = stored.players;
		// The first two swapped: every field still of its shape, the signature no longer over it.
		await asAdmin(couch, 'PUT', '/saison/live:lea:t-changed', {
			...stored,
			players: [second, first, ...rest]
		});
		const { news, feed } = spectator('t-changed');
		try {
			await until(() => news.length > 0);
			expect(news[0]).toEqual({
				kind: 'failed',
				problem: { code: 'not-a-tournament', id: 'live:lea:t-changed', why: 'signature' },
				failures: 1
			});
		} finally {
			feed.stop();
		}
	});
});
