import { Malformed, type BitReader, type BitWriter } from './bits';

/**
 * Ids in the codes: device, stream, tournament and player ids. The app makes them as an optional
 * prefix and random base-36 characters (`r-0a9…`, `k3x…`); those pack into ~5.2 bits a character.
 * Anything else travels as plain UTF-8.
 */
const PACKABLE = /^(?:([a-z]{1,8})-)?([0-9a-z]{1,31})$/;

/** Bytes that hold `length` base-36 digits. */
const packedBytes = (length: number) => Math.ceil((length * Math.log2(36)) / 8);

export function writeId(w: BitWriter, id: string): void {
	const match = PACKABLE.exec(id);
	if (!match) {
		w.flag(false).string(id);
		return;
	}
	const [, prefix = '', body = ''] = match;
	w.flag(true).string(prefix).bits(body.length, 5);
	let value = BigInt(0);
	for (const c of body) value = value * BigInt(36) + BigInt(parseInt(c, 36));
	const length = packedBytes(body.length);
	const bytes = new Uint8Array(length);
	for (let i = length - 1; i >= 0; i--) {
		bytes[i] = Number(value & BigInt(255));
		value >>= BigInt(8);
	}
	w.fixed(bytes);
}

export function readId(r: BitReader): string {
	if (!r.flag()) return r.string(120);
	const prefix = r.string(8);
	if (!/^[a-z]{0,8}$/.test(prefix)) throw new Malformed('bad id prefix');
	const length = r.bits(5);
	if (length === 0) throw new Malformed('empty id');
	let value = BigInt(0);
	for (const byte of r.fixed(packedBytes(length))) value = (value << BigInt(8)) | BigInt(byte);
	const body = value.toString(36);
	if (body.length > length) throw new Malformed('id out of range');
	return (prefix ? `${prefix}-` : '') + body.padStart(length, '0');
}
