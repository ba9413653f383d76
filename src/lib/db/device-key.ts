import { newDeviceKeyPair, PUBLIC_KEY_BYTES, type DeviceKeyPair } from '../protocol/keys';
import { db } from './index';

/**
 * This device's own key pair for the keys the director wraps to it (a tablet's, made on its first join):
 * a `meta` row beside the device id. The private key is a non-extractable WebCrypto key stored as it is
 * (IndexedDB keeps a CryptoKey): whoever holds this browser profile can use it, nobody can copy it out.
 * A row that does not read (a damaged one, or one rebuilt from JSON, which loses the key) counts as none:
 * the device makes a new pair, and until the desk has its new public key it reads table codes.
 */

const ROW = 'device.keyAgreement';

function asPair(value: unknown): DeviceKeyPair | null {
	const row = value as Partial<DeviceKeyPair> | undefined;
	const { privateKey, publicKey } = row ?? {};
	const usable =
		typeof CryptoKey !== 'undefined' &&
		privateKey instanceof CryptoKey &&
		privateKey.algorithm.name === 'ECDH' &&
		privateKey.usages.includes('deriveBits') &&
		publicKey instanceof Uint8Array &&
		publicKey.length === PUBLIC_KEY_BYTES;
	return usable ? { privateKey, publicKey } : null;
}

/** This device's key pair, or null when it has none yet. */
export async function ownDeviceKey(): Promise<DeviceKeyPair | null> {
	return asPair((await db().meta.get(ROW))?.value);
}

/**
 * This device's key pair, made on first use. WebCrypto's key generation runs before the transaction that
 * stores it (it may not run inside one); another tab that stored one meanwhile wins, and its pair is used.
 */
export async function deviceKeyPair(): Promise<DeviceKeyPair> {
	const held = await ownDeviceKey();
	if (held) return held;
	const made = await newDeviceKeyPair();
	const database = db();
	return database.transaction('rw', database.meta, () => keepDeviceKey(made));
}

/** A key pair for a device that may have none yet: made now, stored only by `keepDeviceKey`. */
export async function keyPairToKeep(): Promise<DeviceKeyPair | null> {
	return (await ownDeviceKey()) ? null : newDeviceKeyPair();
}

/**
 * Inside a transaction that lists `meta`: stores a pair made before it, unless the device has one by now
 * (another tab); resolves with the pair the device holds.
 */
export async function keepDeviceKey(made: DeviceKeyPair): Promise<DeviceKeyPair> {
	const meta = db().meta;
	const stored = asPair((await meta.get(ROW))?.value);
	if (stored) return stored;
	await meta.put({ key: ROW, value: { privateKey: made.privateKey, publicKey: made.publicKey } });
	return made;
}
