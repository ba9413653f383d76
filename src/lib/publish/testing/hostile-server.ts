// A server that is not ours, for tests: it stands in front of a real CouchDB-protocol server and passes
// every request through, except those its `answer` takes (a listing of 200,000 heads, an answer that never
// ends, …). What the readers must survive from a server anyone can name in `?db=`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loopbackProxy } from './loopback-proxy';

export interface HostileServer {
	readonly origin: string;
	/** Requests it received, by method and path (query included). */
	readonly seen: string[];
	stop(): Promise<void>;
}

/** Answers a request itself (true), or leaves it to the real server (false). */
export type Answer = (req: IncomingMessage, res: ServerResponse) => boolean;

export async function startHostile(target: string, answer: Answer): Promise<HostileServer> {
	const seen: string[] = [];
	const proxy = await loopbackProxy(target, {
		intercept(req, res) {
			seen.push(`${req.method} ${req.url}`);
			return answer(req, res);
		}
	});
	return { origin: proxy.origin, seen, stop: proxy.close };
}

/**
 * Streams an `_all_docs` answer of `count` rows as fast as the socket takes them, each row a head id
 * (with `docs`, a head-like document of `docBytes`), and stops when the reader goes away.
 */
export function endlessRows(res: ServerResponse, count: number, docBytes = 0): void {
	res.writeHead(200, { 'content-type': 'application/json' });
	res.write(`{"total_rows":${count},"offset":0,"rows":[`);
	const padding = 'x'.repeat(docBytes);
	let i = 0;
	const more = () => {
		while (i < count) {
			const id = `tournament:tom:t-${i}`;
			const doc = docBytes
				? `,"doc":{"_id":"${id}","type":"wertungsblatt.tournament","pad":"${padding}"}`
				: '';
			const row = `${i ? ',' : ''}{"id":"${id}","key":"${id}","value":{"rev":"1-a"}${doc}}`;
			i++;
			if (!res.write(row)) return void res.once('drain', more);
		}
		res.end(']}');
	};
	res.on('close', () => (i = count));
	more();
}
