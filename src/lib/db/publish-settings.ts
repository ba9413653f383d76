import { z } from 'zod/mini';
import { db } from './index';

/**
 * The season server this device publishes to (meta row `publish.server`): its address, the user's name
 * and — only if the director asked — the password, encrypted with an AES-GCM key the browser made for this
 * device and keeps non-extractable (meta row `publish.secret-key`): the password is never stored as text,
 * and the key cannot be read out of the browser, so a copy of the database's files does not give the
 * password away. Any page of this app can still use the key, as it can use the server anyway. Whether a
 * tournament is published after each round: meta row `publish.auto:<tournament>`.
 */
export interface RememberedServer {
	readonly address: string;
	readonly user: string;
	/** The password, decrypted; null when none was kept (or it no longer decrypts). */
	readonly password: string | null;
}

const SERVER_ROW = 'publish.server';
const KEY_ROW = 'publish.secret-key';
const autoRow = (tournamentId: string) => `publish.auto:${tournamentId}`;

const serverSchema = z.object({
	address: z.string().check(z.maxLength(2000)),
	user: z.string().check(z.maxLength(200)),
	secret: z.optional(z.object({ iv: z.instanceof(Uint8Array), data: z.instanceof(Uint8Array) }))
});

/** This device's key for the kept password, made on first use (non-extractable). */
async function secretKey(): Promise<CryptoKey> {
	const row = await db().meta.get(KEY_ROW);
	if (row?.value instanceof CryptoKey) return row.value;
	const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
		'encrypt',
		'decrypt'
	]);
	await db().meta.put({ key: KEY_ROW, value: key });
	return key;
}

/** The server as remembered here, or null. */
export async function rememberedServer(): Promise<RememberedServer | null> {
	const parsed = serverSchema.safeParse((await db().meta.get(SERVER_ROW))?.value);
	if (!parsed.success) return null;
	const { address, user, secret } = parsed.data;
	let password: string | null = null;
	if (secret) {
		try {
			const plain = await crypto.subtle.decrypt(
				{ name: 'AES-GCM', iv: new Uint8Array(secret.iv) },
				await secretKey(),
				new Uint8Array(secret.data)
			);
			password = new TextDecoder().decode(plain);
		} catch {
			password = null; // made under a key this browser no longer has
		}
	}
	return { address, user, password };
}

/** Remembers the server and name; the password only when `keepPassword` (encrypted), else none. */
export async function rememberServer(server: {
	address: string;
	user: string;
	password: string;
	keepPassword: boolean;
}): Promise<void> {
	let secret: { iv: Uint8Array; data: Uint8Array } | undefined;
	if (server.keepPassword && server.password) {
		const iv = crypto.getRandomValues(new Uint8Array(12));
		const data = await crypto.subtle.encrypt(
			{ name: 'AES-GCM', iv },
			await secretKey(),
			new TextEncoder().encode(server.password)
		);
		secret = { iv, data: new Uint8Array(data) };
	}
	await db().meta.put({
		key: SERVER_ROW,
		value: { address: server.address, user: server.user, ...(secret ? { secret } : {}) }
	});
}

/** Forgets server, name and password. */
export async function forgetServer(): Promise<void> {
	await db().meta.delete(SERVER_ROW);
}

const autoSchema = z.object({ rounds: z.int().check(z.gte(0)) });

/**
 * Whether this tournament is published by the desk after each round: null when not, else how many rounds
 * were played to their end when it was last published by itself.
 */
export async function autoPublish(tournamentId: string): Promise<{ rounds: number } | null> {
	const parsed = autoSchema.safeParse((await db().meta.get(autoRow(tournamentId)))?.value);
	return parsed.success ? parsed.data : null;
}

/** Turns publishing after each round on (counting from `rounds` played) or off. */
export async function setAutoPublish(tournamentId: string, on: { rounds: number } | null): Promise<void> {
	if (on) await db().meta.put({ key: autoRow(tournamentId), value: { rounds: on.rounds } });
	else await db().meta.delete(autoRow(tournamentId));
}
