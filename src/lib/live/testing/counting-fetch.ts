/** Answers a spectator had: unchanged (304, no body) and in full. */
export interface Answers {
	notModified: number;
	full: number;
}

/**
 * A fetch that counts its answers into `seen`: how many conditional GETs (`If-None-Match`, live/follow.ts)
 * the server answered with a 304 and how many in full.
 */
export function countingFetch(seen: Answers, base: typeof fetch = globalThis.fetch): typeof fetch {
	return async (input, init) => {
		const response = await base(input, init);
		if (response.status === 304) seen.notModified++;
		else seen.full++;
		return response;
	};
}
