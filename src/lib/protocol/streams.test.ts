import { describe, expect, it } from 'vitest';
import { bytesAtMost } from './streams';

/** A stream of these chunks that notes how far it was read and whether it was cancelled. */
function chunks(...sizes: number[]) {
	const seen = { pulled: 0, cancelled: false };
	let next = 0;
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			const size = sizes[next++];
			if (size === undefined) return controller.close();
			seen.pulled++;
			controller.enqueue(new Uint8Array(size).fill(next));
		},
		cancel() {
			seen.cancelled = true;
		}
	});
	return { stream, seen };
}

describe('a stream’s bytes up to a bound', () => {
	it('joins the chunks in order, up to the bound exactly', async () => {
		const { stream } = chunks(2, 3, 1);
		expect(await bytesAtMost(stream, 6)).toEqual(Uint8Array.of(1, 1, 2, 2, 2, 3));
		expect(await bytesAtMost(chunks().stream, 0)).toEqual(new Uint8Array());
	});

	it('stops at the first chunk past the bound and cancels the stream: nothing more is read', async () => {
		const { stream, seen } = chunks(4, 3, 100, 100);
		expect(await bytesAtMost(stream, 6)).toBeNull();
		expect(seen).toEqual({ pulled: 2, cancelled: true });
	});
});
