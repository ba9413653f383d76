/**
 * A stream's bytes up to `limit`: null as soon as it passes the bound (the stream is cancelled then, so
 * nothing more is read). One reader for every door that takes bytes from outside: an inflated code body,
 * a server's answer.
 */
export async function bytesAtMost(
	stream: ReadableStream<Uint8Array>,
	limit: number
): Promise<Uint8Array | null> {
	const reader = stream.getReader();
	const parts: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.length;
		if (size > limit) {
			await reader.cancel().catch(() => undefined);
			return null;
		}
		parts.push(value);
	}
	const out = new Uint8Array(size);
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}
