import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod/mini';
import { fail, ok, type Result } from '../lib/domain/result';
import {
	PRIVATE_KEY_BYTES,
	PUBLIC_KEY_BYTES,
	bytesFromText,
	bytesToText,
	newSigningKey,
	type SigningKey
} from '../lib/protocol/keys';
import { keyFingerprint } from '../lib/publish/signing';
import type { CliMessage } from './io';

/**
 * The command line's own signing key for publishing files that carry none (plain result files, the desk's
 * "Alles (JSON)" export; a backup carries the desk's key and is published with that). Made once, kept in a
 * file only its owner may read: `--key FILE`, else `$WERTUNGSBLATT_KEY`, else
 * `~/.config/wertungsblatt/publish-key.json` (`$XDG_CONFIG_HOME` if set). Readers show its fingerprint
 * beside every tournament it signed, so keep the file like a password and back it up.
 */

/** Environment variable naming the key file. */
export const KEY_VARIABLE = 'WERTUNGSBLATT_KEY';

const KIND = 'wertungsblatt.publish-key';

const keyFileSchema = z.object({
	kind: z.literal(KIND),
	privateKey: z.string().check(z.length(43)),
	publicKey: z.string().check(z.length(87))
});

/** Where the key is kept unless the command line names a file. */
export function defaultKeyFile(env: NodeJS.ProcessEnv = process.env): string {
	if (env[KEY_VARIABLE]) return env[KEY_VARIABLE];
	const config = env.XDG_CONFIG_HOME || join(homedir(), '.config');
	return join(config, 'wertungsblatt', 'publish-key.json');
}

/** The key in `path`, made there (readable by its owner only) when the file does not exist yet. */
export async function publishKey(
	path: string
): Promise<Result<{ key: SigningKey; created: boolean; fingerprint: string }, CliMessage>> {
	let text: string | null = null;
	try {
		text = await readFile(path, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return fail(unreadable(path, error));
	}
	if (text !== null) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch {
			parsed = null;
		}
		const file = keyFileSchema.safeParse(parsed);
		const key = file.success
			? { privateKey: bytesFromText(file.data.privateKey), publicKey: bytesFromText(file.data.publicKey) }
			: null;
		if (!key || key.privateKey.length !== PRIVATE_KEY_BYTES || key.publicKey.length !== PUBLIC_KEY_BYTES) {
			return fail({
				message: `${path} ist keine Schlüsseldatei zum Veröffentlichen.`,
				en: `${path} is not a key file for publishing.`
			});
		}
		return ok({ key, created: false, fingerprint: await keyFingerprint(bytesToText(key.publicKey)) });
	}
	const key = await newSigningKey();
	const body = { kind: KIND, privateKey: bytesToText(key.privateKey), publicKey: bytesToText(key.publicKey) };
	try {
		await mkdir(dirname(path), { recursive: true, mode: 0o700 });
		// `wx`: never over a file another run has just made.
		await writeFile(path, `${JSON.stringify(body, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
		await chmod(path, 0o600);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return publishKey(path);
		return fail(unreadable(path, error));
	}
	return ok({ key, created: true, fingerprint: await keyFingerprint(body.publicKey) });
}

function unreadable(path: string, error: unknown): CliMessage {
	const why = error instanceof Error ? error.message : String(error);
	return {
		message: `Die Schlüsseldatei ${path} lässt sich nicht lesen oder anlegen (${why}).`,
		en: `The key file ${path} cannot be read or made (${why}).`
	};
}
