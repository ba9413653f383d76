import type { PublishedEvent, PublishedHead } from '../codecs/published';
import type { SpectatorDocument } from '../codecs/spectator';
import type { TournamentEvent } from '../domain/tournament';
import { canonicalJson } from '../protocol/digest';
import { sha256Hex } from '../protocol/hmac';
import {
	bytesFromText,
	bytesToText,
	directorSigner,
	directorVerifier,
	type SigningKey
} from '../protocol/keys';

/**
 * The director's signatures on what is published (docs/ARCHITECTURE.md, "Publishing"): each event over
 * its tournament's id and its content, the head over everything but its id, revision, owner and the
 * signature itself. The server's validate function binds documents to the server's user; the signatures
 * say which key — the desk's key of that tournament, or the command line's — published them, and that
 * nobody changed them on the server (an admin passes the validate function).
 */

const encoder = new TextEncoder();

/** The bytes an event's signature covers. */
const eventBytes = (tournament: string, event: TournamentEvent): Uint8Array =>
	encoder.encode(canonicalJson({ signed: 'wertungsblatt.event', tournament, event }));

/** The parts of a head its signature covers. */
type SignedHead = Omit<PublishedHead, '_id' | '_rev' | 'owner' | 'signature'>;

function headBytes(head: SignedHead | PublishedHead): Uint8Array {
	const { key, schema, type, tournament, players, events, publishedAt, snapshot } = head;
	const signed = { key, schema, type, tournament, players, events, publishedAt, snapshot };
	return encoder.encode(canonicalJson({ signed: 'wertungsblatt.tournament', ...signed }));
}

/** The parts of a spectators' document its signature covers: all but its id, revision, owner and signature. */
type SignedSpectator = Omit<SpectatorDocument, '_id' | '_rev' | 'owner' | 'signature'>;

function spectatorBytes(doc: SignedSpectator | SpectatorDocument): Uint8Array {
	const signed: Record<string, unknown> = { ...doc };
	for (const unsigned of ['_id', '_rev', 'owner', 'signature']) delete signed[unsigned];
	return encoder.encode(canonicalJson({ ...signed, signed: 'wertungsblatt.live' }));
}

/** Signs events, heads and spectators' documents with one key (imported once). */
export interface Signer {
	/** The public key as base64url text, as heads carry it. */
	readonly key: string;
	event(tournament: string, event: TournamentEvent): Promise<string>;
	head(head: SignedHead): Promise<string>;
	spectator(doc: SignedSpectator): Promise<string>;
}

export async function signerOf(key: SigningKey): Promise<Signer> {
	const sign = await directorSigner(key);
	return {
		key: bytesToText(key.publicKey),
		event: async (tournament, event) => bytesToText(await sign(eventBytes(tournament, event))),
		head: async (head) => bytesToText(await sign(headBytes(head))),
		spectator: async (doc) => bytesToText(await sign(spectatorBytes(doc)))
	};
}

/** Checks a head's and its events' signatures under the key the head names. */
export interface Verifier {
	event(doc: Pick<PublishedEvent, 'tournament' | 'event' | 'signature'>): Promise<boolean>;
}

/** A verifier for the head's key when the head's own signature holds; null when it does not. */
export async function verifiedHead(head: PublishedHead): Promise<Verifier | null> {
	const verify = await directorVerifier(bytesFromText(head.key));
	if (!verify || !(await verify(headBytes(head), bytesFromText(head.signature)))) return null;
	return {
		event: (doc) => verify(eventBytes(doc.tournament, doc.event), bytesFromText(doc.signature))
	};
}

/**
 * Checks spectators' documents signed with `key`, imported once: a live page reads every revision of one
 * director's tournament, and importing the key took a fifth of each check (0.2 of 1.0 ms). A document
 * that names another key does not hold. Null for a key that is no point of the curve.
 */
export async function spectatorVerifier(
	key: string
): Promise<((doc: SpectatorDocument) => Promise<boolean>) | null> {
	const verify = await directorVerifier(bytesFromText(key));
	if (!verify) return null;
	return async (doc) => doc.key === key && (await verify(spectatorBytes(doc), bytesFromText(doc.signature)));
}

/** Whether a spectators' document's signature holds under the key it names. */
export async function verifiedSpectator(doc: SpectatorDocument): Promise<boolean> {
	const verify = await spectatorVerifier(doc.key);
	return !!verify && (await verify(doc));
}

/** A key as people compare it: the first 8 bytes of its SHA-256, in hex groups ("3F9A 12C4 7B0E 55D1"). */
export async function keyFingerprint(key: string): Promise<string> {
	const hex = (await sha256Hex(bytesFromText(key))).slice(0, 16).toUpperCase();
	return hex.match(/.{4}/g)?.join(' ') ?? hex;
}
