/** QR code sizes for alphanumeric mode at error correction level M (ISO/IEC 18004, table 7). */
export const ALPHANUMERIC_M = [
	20, 38, 61, 90, 122, 154, 178, 221, 262, 311, 366, 419, 483, 528, 600, 656, 734, 816, 909, 970, 1035, 1134,
	1248, 1326, 1451, 1542, 1637, 1732, 1839, 1994, 2113, 2238, 2369, 2506, 2632, 2780, 2894, 3054, 3220, 3391
] as const;

/**
 * No code of any kind is larger than version 10 (57×57 modules), which a camera in a hall reads at arm's
 * length, blurred and noisy: a payload that does not fit becomes a sequence of frames of that size. (Table
 * codes were allowed version 13 once; a version-12 code under blur took a median of 11 s, issue 26.)
 */
export const MAX_SINGLE_VERSION = 10;
/** Frames of an animated sequence use the same size. */
export const FRAME_VERSION = 10;

/** The smallest version that holds `chars` alphanumeric characters at level M, or null beyond 40. */
export function qrVersion(chars: number): number | null {
	const index = ALPHANUMERIC_M.findIndex((capacity) => capacity >= chars);
	return index < 0 ? null : index + 1;
}

/** Bytes that Base45 fits into the alphanumeric capacity of a version. */
export function bytesFor(version: number): number {
	const chars = ALPHANUMERIC_M[version - 1] ?? 0;
	return Math.floor(chars / 3) * 2 + (chars % 3 === 2 ? 1 : 0);
}

/** A QR code as a module matrix (true = dark), row by row. */
export interface QrMatrix {
	readonly version: number;
	readonly size: number;
	readonly dark: readonly boolean[];
}

/**
 * Encodes text in alphanumeric mode at level M with the smallest version that fits, at most `maxVersion`.
 * The encoder (qrcode-generator, MIT) is loaded on demand, so no screen pays for it up front.
 */
export async function makeQr(text: string, maxVersion = 40): Promise<QrMatrix> {
	const version = qrVersion(text.length);
	if (version === null || version > maxVersion) {
		throw new RangeError(`${text.length} characters need more than QR version ${maxVersion}`);
	}
	const { default: qrcode } = await import('qrcode-generator');
	const qr = qrcode(version as Parameters<typeof qrcode>[0], 'M');
	qr.addData(text, 'Alphanumeric');
	qr.make();
	const size = qr.getModuleCount();
	const dark = Array.from({ length: size * size }, (_, i) => qr.isDark(Math.floor(i / size), i % size));
	return { version, size, dark };
}

/** An SVG path drawing the dark modules (one unit each), for a `<path d>` in a viewBox of the size. */
export function qrPath(matrix: QrMatrix): string {
	let d = '';
	for (let row = 0; row < matrix.size; row++) {
		let col = 0;
		while (col < matrix.size) {
			if (!matrix.dark[row * matrix.size + col]) {
				col++;
				continue;
			}
			const start = col;
			while (col < matrix.size && matrix.dark[row * matrix.size + col]) col++;
			d += `M${start} ${row}h${col - start}v1h${start - col}z`;
		}
	}
	return d;
}
