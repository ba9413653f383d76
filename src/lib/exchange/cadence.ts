// How a sequence is shown and a camera frame read: the showing screen's cadence and the scanner's sizes.

/**
 * How long a screen shows each code of an animated sequence, in ms. The scanner reads a frame at a quarter
 * of its pixels first (a third to a quarter of ZXing's time for the whole HD frame), so it takes more than one
 * camera frame of each code in that time, and the longest sequence (six codes: the standings at the longest names) goes round in
 * 1.2 s — at 400 ms it took 2.4 s, over the 2 s a hall's scan may take (`npm run bench -- camera`, case e).
 * Not faster: each step changes about half the code's modules, and five steps a second are 2.5 flashes, under
 * the three a second that WCAG 2.3.1 allows.
 */
export const SEQUENCE_FRAME_MS = 200;

/**
 * The sizes (pixels on the long side) a camera frame is read at, one after the other until a code is
 * found: a quarter of the pixels first — a code held at a third of the frame or more still has 3 or more
 * pixels a module there, and ZXing takes a third to a quarter of the time — then the whole HD frame, where a
 * code at a fifth of the frame still reads (`npm run bench -- decoders`).
 */
export const FRAME_SIDES = [640, 1280] as const;

/** Where a code the camera read stands in its sequence, and which of the sequence's codes are still to be read. */
export interface SequencePlace {
	readonly index: number;
	readonly total: number;
	readonly missing: readonly number[];
}

/**
 * When to read the next camera frame after one that showed code `index` of a sequence, in ms from the
 * moment that frame was taken: {@link SEQUENCE_FRAME_MS} times the fewest steps that are later than `readyIn`
 * (when the scanner can read again) and land on a code still missing. The showing screen steps through its
 * codes in order at that cadence, so the same moment of a later step shows the code that many places on.
 * Reading at a rate of its own instead, a scanner that takes as long for a frame as a whole round of
 * codes (600 ms for three, 400 ms for two) — or half of it, for three — sees the same codes round after
 * round and misses the others until its timing drifts.
 */
export function nextSequenceRead(place: SequencePlace, readyIn: number): number {
	const first = Math.max(1, Math.ceil(readyIn / SEQUENCE_FRAME_MS));
	const missing = new Set(place.missing);
	missing.delete(place.index);
	let steps = first;
	while (steps < first + place.total && !missing.has((place.index + steps) % place.total)) steps++;
	return (steps < first + place.total ? steps : first) * SEQUENCE_FRAME_MS;
}
