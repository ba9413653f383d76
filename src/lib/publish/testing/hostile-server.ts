// A server that is not ours, for tests: it stands in front of a real CouchDB-protocol server and passes
// every request through, except those its `answer` takes (a listing of 200,000 heads, an answer that never
// ends, …). What the readers must survive from a server anyone can name in `?db=`.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from './free-port';

export interface HostileServer {
	readonly origin: string;
	/** Requests it received, by method and path (query included). */
	readonly seen: string[];
	stop(): Promise<void>;
}

/** Answers a request itself (true), or leaves it to the real server (false). */
export type Answer = (req: IncomingMessage, res: ServerResponse) => boolean;

export async function startHostile(target: string, answer: Answer): Promise<HostileServer> {
	const port = await freePort();
	const seen: string[] = [];
	const upstream = new URL(target);
	const server = createServer((req, res) => {
		seen.push(`${req.method} ${req.url}`);
		if (answer(req, res)) return;
		const forward = request(
			{
				host: upstream.hostname,
				port: upstream.port,
				method: req.method,
				path: req.url,
				headers: { ...req.headers, host: upstream.host }
			},
			(reply) => {
				res.writeHead(reply.statusCode ?? 502, reply.headers);
				reply.pipe(res);
			}
		);
		forward.on('error', () => res.destroy());
		req.pipe(forward);
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${port}`,
		seen,
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
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
