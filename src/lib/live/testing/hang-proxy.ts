import { createServer, connect, type Socket } from 'node:net';
import { freePort } from '../../publish/testing/free-port';

/** A loopback TCP proxy in front of a real server that can hang like a venue whose Wi-Fi is gone. */
export interface HangProxy {
	/** `http://127.0.0.1:PORT` */
	readonly origin: string;
	/** From now on nothing passes either way and new connections get no answer: no refusal, no reset. */
	hang(): void;
	/** The network is back: held connections are dropped (the client opens new ones), new ones pass. */
	resume(): void;
	close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards to `target` (`http://127.0.0.1:PORT`). */
export async function hangProxy(target: string): Promise<HangProxy> {
	const { hostname, port } = new URL(target);
	const open = new Set<Socket>();
	let hung = false;
	const server = createServer((client) => {
		open.add(client);
		client.once('close', () => open.delete(client));
		client.on('error', () => client.destroy());
		if (hung) {
			client.pause();
			return;
		}
		const upstream = connect(Number(port), hostname);
		open.add(upstream);
		upstream.once('close', () => open.delete(upstream));
		upstream.on('error', () => client.destroy());
		client.once('close', () => upstream.destroy());
		upstream.once('close', () => client.destroy());
		client.on('data', (chunk) => {
			if (!hung) upstream.write(chunk);
		});
		upstream.on('data', (chunk) => {
			if (!hung) client.write(chunk);
		});
	});
	const listening = await freePort();
	await new Promise<void>((resolve) => server.listen(listening, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${listening}`,
		hang: () => {
			hung = true;
		},
		resume: () => {
			hung = false;
			for (const socket of open) socket.destroy();
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of open) socket.destroy();
				server.close(() => resolve());
			})
	};
}
