// Where a tap's time goes: reads a Chromium trace written by `WB_TRACE=trace.json npx tsx
// scripts/bench/table.ts` and splits every `wb:tap-to-sheet` span into the main thread's work (trace
// events) and JavaScript functions (CPU samples, self and inclusive), averaged per tap, for all taps and for the slowest 5 %.
//
// Run: npx tsx scripts/trace-taps.ts trace.json [rows]
import { readFileSync } from 'node:fs';
import { PERF } from '../src/lib/table/perf';

interface TraceEvent {
	name: string;
	cat: string;
	ph: string;
	ts: number;
	dur?: number;
	pid: number;
	tid: number;
	id?: string;
	id2?: { local?: string };
	args?: {
		name?: string;
		data?: {
			type?: string;
			startTime?: number;
			cpuProfile?: {
				nodes?: { id: number; parent?: number; callFrame: Frame }[];
				samples?: number[];
			};
			timeDeltas?: number[];
		};
	};
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-taps.ts trace.json [rows]');
const ROWS = Number(rowsArg ?? 25);
const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

// The spans: user timing of the page, as async begin/end pairs.
const begins = new Map<string, number>();
const spans: { start: number; end: number; pid: number }[] = [];
for (const event of events) {
	if (event.name !== PERF.tapToSheet) continue;
	const key = `${event.pid}:${event.id ?? event.id2?.local}`;
	if (event.ph === 'b') begins.set(key, event.ts);
	else if (event.ph === 'e' && begins.has(key)) {
		spans.push({ start: begins.get(key)!, end: event.ts, pid: event.pid });
		begins.delete(key);
	}
}
if (spans.length === 0) throw new Error(`no ${PERF.tapToSheet} spans in ${file}`);
const pid = spans[0]!.pid;
const mainTid = events.find(
	(e) => e.pid === pid && e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain'
)?.tid;
spans.sort((a, b) => a.start - b.start);

// CPU samples of the page's main thread, each with its stack of frames.
type Frame = { functionName: string; url?: string; lineNumber: number; columnNumber?: number };
const nodes = new Map<number, { parent?: number; frame: Frame }>();
const samples: { ts: number; node: number }[] = [];
// The main thread's profile (the service worker's is another, told apart by its id).
const mainProfile = events.find((e) => e.pid === pid && e.tid === mainTid && e.name === 'Profile');
let clock = mainProfile?.args?.data?.startTime ?? 0;
for (const event of events) {
	if (event.pid !== pid || event.name !== 'ProfileChunk' || event.id !== mainProfile?.id) continue;
	const profile = event.args?.data?.cpuProfile;
	for (const node of profile?.nodes ?? []) nodes.set(node.id, { parent: node.parent, frame: node.callFrame });
	const deltas = event.args?.data?.timeDeltas ?? [];
	(profile?.samples ?? []).forEach((node, i) => {
		clock += deltas[i] ?? 0;
		samples.push({ ts: clock, node });
	});
}
samples.sort((a, b) => a.ts - b.ts);

const chunkName = (url: string | undefined) => url?.split('/').pop() || '(native)';
const frameKey = (f: Frame) =>
	`${f.functionName || '(anonymous)'} ${chunkName(f.url)}:${f.lineNumber}:${f.columnNumber ?? ''}`;

/** Work inside [start, end): trace events by name (overlap), and sampled JS by function. */
function analyse(list: typeof spans) {
	const byEvent = new Map<string, number>();
	const bySelf = new Map<string, number>();
	const byChunk = new Map<string, number>();
	const byFunction = new Map<string, number>();
	const add = (map: Map<string, number>, key: string, value: number) =>
		map.set(key, (map.get(key) ?? 0) + value);
	for (const span of list) {
		for (const event of events) {
			if (event.pid !== pid || event.tid !== mainTid || event.ph !== 'X' || !event.dur) continue;
			const overlap = Math.min(span.end, event.ts + event.dur) - Math.max(span.start, event.ts);
			if (overlap <= 0) continue;
			const name = event.name === 'EventDispatch' ? `EventDispatch ${event.args?.data?.type}` : event.name;
			add(byEvent, name, overlap);
		}
		for (let i = 0; i < samples.length - 1; i++) {
			const sample = samples[i]!;
			if (sample.ts < span.start || sample.ts >= span.end) continue;
			const weight = Math.min(samples[i + 1]!.ts, span.end) - sample.ts;
			const node = nodes.get(sample.node);
			if (!node) continue;
			add(bySelf, frameKey(node.frame), weight);
			const chunks = new Set<string>();
			const functions = new Set<string>();
			for (let at: number | undefined = sample.node; at !== undefined; at = nodes.get(at)?.parent) {
				const frame = nodes.get(at)?.frame;
				if (frame?.url) {
					chunks.add(chunkName(frame.url));
					functions.add(frameKey(frame));
				}
			}
			for (const chunk of chunks) add(byChunk, chunk, weight);
			for (const name of functions) add(byFunction, name, weight);
		}
	}
	const print = (title: string, map: Map<string, number>) => {
		console.log(`  ${title}`);
		for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, ROWS)) {
			console.log(`    ${(value / 1000 / list.length).toFixed(2).padStart(7)} ms  ${key}`);
		}
	};
	const mean = list.reduce((sum, s) => sum + s.end - s.start, 0) / list.length / 1000;
	console.log(`${list.length} taps, mean span ${mean.toFixed(1)} ms (per tap below)`);
	print('main-thread trace events (nested events counted in each level)', byEvent);
	print('JavaScript, self time', bySelf);
	print('JavaScript by chunk (inclusive)', byChunk);
	print('JavaScript by function (inclusive; a build without minification names them)', byFunction);
}

analyse(spans);
const slowest = [...spans]
	.sort((a, b) => b.end - b.start - (a.end - a.start))
	.slice(0, Math.ceil(spans.length / 20));
analyse(slowest);
