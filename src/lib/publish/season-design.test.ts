// The season's design document as CouchDB gets it: its validate function is plain ES5 (CouchDB's engines
// may know no more), and checks the kinds the app reads documents by. The real-server tests
// (`season-attacks.test.ts`) run it inside the test server (express-pouchdb); these call it as CouchDB
// does, without one.
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { designDocument } from '../../../couchdb/design-document';
import { newSigningKey } from '../protocol/keys';
import { SPECTATOR_CHARS } from '../codecs/spectator';
import { signerOf } from './signing';
import { eventDocOf, headOf } from './snapshot';
import { spectatorOf } from './spectator';
import { deskTournament, leipzig } from './testing/tournaments';

type Validate = (newDoc: unknown, oldDoc: unknown, userCtx: { name: string | null; roles: string[] }) => void;

const source = designDocument().validate_doc_update;
// CouchDB compiles the stored text as one function expression.
const validate = (0, eval)(`(${source})`) as Validate;
const lea = { name: 'lea', roles: ['director'] };

/** The refusal's text, or null when the write passes. */
function refusal(doc: unknown, user = lea, old: unknown = null): string | null {
	try {
		validate(doc, old, user);
		return null;
	} catch (error) {
		return (error as { forbidden?: string }).forbidden ?? `not a refusal: ${String(error)}`;
	}
}

const t = deskTournament('t-leipzig', leipzig);
const signer = await signerOf(await newSigningKey());
const event = {
	...eventDocOf('t-leipzig', t.events[1]!, 'lea'),
	signature: await signer.event('t-leipzig', t.events[1]!)
};
const unsigned = { ...headOf(t, 'lea', signer.key), publishedAt: '2027-03-06T18:00:00Z' };
const head = { ...unsigned, signature: await signer.head(unsigned) };
const unsignedLive = spectatorOf(t, 'lea', signer.key, '2027-03-06T18:00:00Z');
const live = { ...unsignedLive, signature: await signer.spectator(unsignedLive) };

describe('the validate function', () => {
	it('is ECMAScript 5', () => {
		expect(() => parse(`(${source})`, { ecmaVersion: 5 })).not.toThrow();
	});

	it.each([
		['an event of her own', event, lea, null, null],
		['her head, new and replaced', head, lea, { ...head, _rev: '1-a' }, null],
		[
			'a replicated write (CouchDB adds _revisions)',
			{ ...event, _revisions: { start: 1, ids: ['a'] } },
			lea,
			null,
			null
		],
		['a reader', event, { name: 'zoe', roles: ['reader'] }, null, 'Nur Turnierleiter'],
		[
			'a name with a colon',
			{ ...event, owner: 'a:b' },
			{ name: 'a:b', roles: ['director'] },
			null,
			'Doppelpunkt'
		],
		[
			'another director',
			event,
			{ name: 'tom', roles: ['director'] },
			null,
			'owner muss der eigene Name sein'
		],
		[
			'an id not hers',
			{ ...event, _id: 'event:lea:t-other:x' },
			lea,
			null,
			'Die Id muss event:lea:t-leipzig:'
		],
		['a changed event', event, lea, { ...event, _rev: '1-a' }, 'ändert sich nie'],
		['a deletion', { _id: event._id, _deleted: true }, lea, event, 'löscht nur der Verwalter'],
		['another type', { ...event, type: 'rezept' }, lea, null, 'Kein Wertungsblatt-Dokument'],
		['a member the app does not know', { ...event, extra: 1 }, lea, null, '(.extra)'],
		['a member named hasOwnProperty', { ...event, hasOwnProperty: 1 }, lea, null, '(.hasOwnProperty)'],
		['a name past LIMITS.nameLength', { ...head, players: ['x'.repeat(61)] }, lea, null, '(.players[0])'],
		[
			'a game score past LIMITS.gamePoints',
			{ ...event, event: { ...event.event, scores: [{ player: 'p', points: 10_001 }] } },
			lea,
			null,
			'(.event)'
		],
		['no signature', { ...event, signature: undefined }, lea, null, '(.signature)'],
		['her spectators’ document, new and replaced', live, lea, { ...live, _rev: '1-a' }, null],
		[
			'a spectators’ document of another director',
			live,
			{ name: 'tom', roles: ['director'] },
			null,
			'owner muss'
		],
		[
			'a spectators’ document under another tournament’s id',
			{ ...live, _id: 'live:lea:t-other' },
			lea,
			null,
			'Die Id muss live:lea:t-leipzig sein'
		],
		['a spectators’ document misshapen', { ...live, standings: 'Tom gewinnt' }, lea, null, '(.standings)'],
		[
			'a spectators’ document past its size bound',
			{ ...live, rounds: [], padding: 'x'.repeat(SPECTATOR_CHARS) },
			lea,
			null,
			`größer als ${SPECTATOR_CHARS} Zeichen`
		]
	])('%s', (_what, doc, user, old, refused) => {
		const said = refusal(JSON.parse(JSON.stringify(doc)), user, old);
		if (refused === null) expect(said).toBeNull();
		else expect(said).toContain(refused);
	});

	it('admins pass (the season’s admin removes a wrong tournament)', () => {
		expect(refusal({ _id: 'x', _deleted: true }, { name: 'admin', roles: ['_admin'] })).toBeNull();
	});
});
