// The CouchDB-protocol server the tests start as a child process (couch-server.ts): PouchDB's own
// express-pouchdb routes — _users, _session, _security, _config, validate_doc_update, _changes,
// _all_docs, _bulk_docs — with CORS, on pure JavaScript storage, so that installing the project
// compiles nothing. In memory by default; with --dir, every write is appended to a log file in that
// folder before the server answers, so a server killed with SIGKILL and started again keeps what it
// acknowledged.
//
//   node couch-server-process.mjs --port 5984 [--dir FOLDER]
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import corser from 'corser';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import memdown from 'memdown';
import CoreLevelPouch from 'pouchdb-adapter-leveldb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import PouchDB from 'pouchdb-core';
import mapReduce from 'pouchdb-mapreduce';
import replication from 'pouchdb-replication';

const { values } = parseArgs({
	options: { port: { type: 'string' }, dir: { type: 'string' } }
});
const port = Number(values.port);
if (!Number.isInteger(port)) throw new Error('--port PORT is required');
// Where express-pouchdb keeps config.json (the admins) and log.txt: the folder the test gave us.
const home = values.dir ?? process.cwd();

/** A value of the log: a string as it is, bytes as base64. */
const encode = (value) => (Buffer.isBuffer(value) ? { b: value.toString('base64') } : value);
const decode = (value) =>
	typeof value === 'object' && value !== null ? Buffer.from(value.b, 'base64') : value;

/**
 * memdown (the in-memory store of pouchdb-adapter-memory) with a write-ahead log: one line of JSON per
 * write, appended synchronously before the write is acknowledged, replayed on open. A torn last line (the
 * process killed mid-append) was never acknowledged and is cut off.
 */
function appendLogDown(location) {
	if (!(this instanceof appendLogDown)) return new appendLogDown(location);
	memdown.call(this, location);
	this._file = join(home, `${encodeURIComponent(location)}.log`);
}
Object.setPrototypeOf(appendLogDown.prototype, memdown.prototype);

appendLogDown.prototype._open = function (options, callback) {
	if (existsSync(this._file)) {
		const text = readFileSync(this._file, 'utf8');
		let kept = 0;
		for (const line of text.split('\n')) {
			if (!line) continue;
			let operations;
			try {
				operations = JSON.parse(line);
			} catch {
				break;
			}
			const batch = operations.map(([type, key, value]) => ({
				type,
				key: decode(key),
				value: decode(value)
			}));
			memdown.prototype._batch.call(this, batch, {}, () => {});
			kept += Buffer.byteLength(line) + 1;
		}
		if (kept < Buffer.byteLength(text)) truncateSync(this._file, kept);
	}
	memdown.prototype._open.call(this, options, callback);
};

appendLogDown.prototype._write = function (operations) {
	appendFileSync(
		this._file,
		`${JSON.stringify(operations.map(({ type, key, value }) => [type, encode(key), encode(value)]))}\n`
	);
};

appendLogDown.prototype._put = function (key, value, options, callback) {
	this._write([{ type: 'put', key, value }]);
	memdown.prototype._put.call(this, key, value, options, callback);
};

appendLogDown.prototype._del = function (key, options, callback) {
	this._write([{ type: 'del', key }]);
	memdown.prototype._del.call(this, key, options, callback);
};

appendLogDown.prototype._batch = function (array, options, callback) {
	const operations = array.filter(Boolean);
	if (operations.length) this._write(operations);
	memdown.prototype._batch.call(this, array, options, callback);
};

appendLogDown.destroy = function (location, callback) {
	rmSync(join(home, `${encodeURIComponent(location)}.log`), { force: true });
	memdown.destroy(location, callback);
};

/** The adapter that stores through appendLogDown, as pouchdb-adapter-memory stores through memdown. */
function AppendLogPouch(opts, callback) {
	CoreLevelPouch.call(this, { ...opts, db: appendLogDown }, callback);
}
AppendLogPouch.valid = () => true;
AppendLogPouch.use_prefix = false;

// express-pouchdb's security wraps db.replicate.to/from, so they must be there.
PouchDB.plugin(mapReduce).plugin(replication);
if (values.dir) {
	mkdirSync(values.dir, { recursive: true });
	PouchDB.adapter('append-log', AppendLogPouch, true);
} else {
	PouchDB.plugin(memoryAdapter);
}

const couch = expressPouchDB(PouchDB.defaults({ adapter: values.dir ? 'append-log' : 'memory' }), {
	configPath: join(home, 'config.json'),
	logPath: join(home, 'log.txt'),
	overrideMode: {
		exclude: [
			// No replication and no Fauxton: the tests neither replicate nor browse.
			'replicator',
			'routes/replicate',
			'routes/fauxton',
			// What Apache CouchDB does not do at every request, and took a third of this server's time under
			// a crowd of spectators (npm run bench -- spectators, profiled): disk-size walks the _users
			// database's folder at each request (its session check asks the database's info), http-log
			// writes two lines to log.txt per request; vhosts, rewrite and cluster-rewrite are middleware
			// every request passes through for features no test uses.
			'disk-size',
			'routes/http-log',
			'routes/vhosts',
			'routes/rewrite',
			'routes/cluster-rewrite'
		]
	}
});

const app = express();
// CORS as pouchdb-server sets it by default (its lib/cors.js) and the README's CORS step: origins *,
// credentials, these request headers, no Access-Control-Max-Age (every preflight would be asked again), and
// no response header exposed beyond the safelisted ones (a page cannot read the ETag). The app in a browser
// publishes here, and the live page asks with no header that needs a preflight.
app.use(
	corser.create({
		methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'COPY'],
		supportsCredentials: true,
		requestHeaders: [...corser.simpleRequestHeaders, 'Authorization', 'Origin', 'Referer']
	})
);
app.use(couch);
app.listen(port, '127.0.0.1');
