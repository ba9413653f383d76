// lazyfs (tests/power/lazyfs.py), the disk of the power-cut test: what was synced survives a cut, nothing
// else does — data by fsync/fdatasync of its file, names (create, rename, unlink, mkdir) by fsync of their
// directory. Python's own calls (mmap, O_DIRECT, fallocate, SQLite's WAL) run through /usr/bin/python3.
import { execFileSync, spawn } from 'node:child_process';
import {
	closeSync,
	constants,
	existsSync,
	fdatasyncSync,
	fsyncSync,
	ftruncateSync,
	linkSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	readdirSync,
	readlinkSync,
	renameSync,
	rmSync,
	statSync,
	symlinkSync,
	unlinkSync,
	writeFileSync,
	writeSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LazyMount, PYTHON } from './lazyfs';

let base = '';
let disk: LazyMount;
const at = (...parts: string[]) => join(base, 'mnt', ...parts);

/** The power cut: what was not synced is gone; the disk is mounted again on what is left. */
async function powerCut(): Promise<void> {
	await disk.cut();
	disk = await LazyMount.mount(join(base, 'backing'), join(base, 'mnt'));
}

/** Writes `text` to a new or existing file and fsyncs it (its data; not its name). */
function writeSynced(path: string, text: string, flags = 'w'): void {
	const fd = openSync(path, flags);
	writeSync(fd, text);
	fsyncSync(fd);
	closeSync(fd);
}

function syncDir(path: string): void {
	const fd = openSync(path, 'r');
	fsyncSync(fd);
	closeSync(fd);
}

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null);

/** Runs Python code with the mount's folder as `mnt`. */
function python(code: string): string {
	return execFileSync(PYTHON, ['-c', `import os, sys\nmnt = sys.argv[1]\n${code}`, join(base, 'mnt')], {
		encoding: 'utf8'
	});
}

beforeEach(async () => {
	base = mkdtempSync(join(tmpdir(), 'wb-lazyfs-'));
	disk = await LazyMount.mount(join(base, 'backing'), join(base, 'mnt'));
	writeSynced(at('kept'), 'old');
	syncDir(at());
});

afterEach(async () => {
	await disk.cut().catch(() => {});
	rmSync(base, { recursive: true, force: true });
});

describe('lazyfs: data', () => {
	it('keeps what fsync or fdatasync made durable and drops what was written after', async () => {
		writeSynced(at('kept'), 'synced by fsync');
		const fd = openSync(at('kept'), 'r+');
		writeSync(fd, 'SYNCED', 0);
		fdatasyncSync(fd);
		writeSync(fd, ' and then more, never synced', 15);
		closeSync(fd);
		expect(read(at('kept'))).toBe('SYNCED by fsync and then more, never synced');
		await powerCut();
		expect(read(at('kept'))).toBe('SYNCED by fsync');
	});

	it('drops a file written and closed but never synced, back to its last synced bytes', async () => {
		writeFileSync(at('kept'), 'overwritten, closed, not synced');
		expect(disk.status().dirty.files).toBe(1);
		await powerCut();
		expect(read(at('kept'))).toBe('old');
	});

	it('keeps writes at scattered offsets and across page boundaries exactly as synced', async () => {
		const fd = openSync(at('big'), 'w+');
		const page = 4096;
		const expected = Buffer.alloc(3 * page + 106, 0);
		for (const [offset, byte] of [
			[10, 1],
			[page - 3, 2],
			[2 * page + 50, 3],
			[3 * page + 99, 4]
		] as const) {
			const chunk = Buffer.alloc(7, byte);
			writeSync(fd, chunk, 0, chunk.length, offset);
			chunk.copy(expected, offset);
		}
		fsyncSync(fd);
		writeSync(fd, Buffer.alloc(page, 9), 0, page, page);
		closeSync(fd);
		syncDir(at());
		await powerCut();
		expect(readFileSync(at('big')).equals(expected)).toBe(true);
	});

	it('undoes a truncation that was not synced, and keeps one that was (growing again reads zeros)', async () => {
		writeSynced(at('kept'), 'abcdefghij');
		const fd = openSync(at('kept'), 'r+');
		ftruncateSync(fd, 3);
		ftruncateSync(fd, 6);
		expect(readFileSync(at('kept'))).toEqual(Buffer.from('abc\0\0\0'));
		closeSync(fd);
		await powerCut();
		expect(read(at('kept'))).toBe('abcdefghij');
		const again = openSync(at('kept'), 'r+');
		ftruncateSync(again, 3);
		ftruncateSync(again, 5);
		fsyncSync(again);
		closeSync(again);
		await powerCut();
		expect(readFileSync(at('kept'))).toEqual(Buffer.from('abc\0\0'));
	});

	it('makes writes through O_DSYNC durable without an fsync', async () => {
		const fd = openSync(at('kept'), constants.O_WRONLY | constants.O_TRUNC | constants.O_DSYNC);
		writeSync(fd, 'written with O_DSYNC');
		closeSync(fd);
		await powerCut();
		expect(read(at('kept'))).toBe('written with O_DSYNC');
	});

	it('keeps an mmap write only once msync wrote it back', async () => {
		python(`
import mmap
fd = os.open(os.path.join(mnt, 'mapped'), os.O_RDWR | os.O_CREAT)
os.ftruncate(fd, 8192)
os.fsync(fd)
d = os.open(mnt, os.O_RDONLY); os.fsync(d); os.close(d)
m = mmap.mmap(fd, 8192, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
m[0:6] = b'msync!'
m.flush()
m[4096:4103] = b'no sync'
m.close()
os.close(fd)
`);
		expect(readFileSync(at('mapped')).subarray(4096, 4103).toString()).toBe('no sync');
		await powerCut();
		const kept = readFileSync(at('mapped'));
		expect(kept.subarray(0, 6).toString()).toBe('msync!');
		expect(kept.subarray(4096, 4103)).toEqual(Buffer.alloc(7));
	});

	it('takes O_DIRECT writes like any other: durable at the fsync, not before', async () => {
		python(`
import mmap
fd = os.open(os.path.join(mnt, 'kept'), os.O_RDWR | os.O_DIRECT)
block = mmap.mmap(-1, 4096)
block[0:12] = b'direct, sync'
os.pwrite(fd, block, 0)
os.fsync(fd)
block[0:12] = b'direct, lost'
os.pwrite(fd, block, 4096)
os.close(fd)
`);
		await powerCut();
		const kept = readFileSync(at('kept'));
		expect(kept.length).toBe(4096);
		expect(kept.subarray(0, 12).toString()).toBe('direct, sync');
	});

	it('answers fallocate "not supported": posix_fallocate then writes zeros, durable once synced', async () => {
		python(`
fd = os.open(os.path.join(mnt, 'kept'), os.O_RDWR)
os.posix_fallocate(fd, 0, 10000)
os.fsync(fd)
os.close(fd)
`);
		await powerCut();
		const kept = readFileSync(at('kept'));
		expect(kept.length).toBe(10000);
		expect(kept.subarray(0, 3).toString()).toBe('old');
	});
});

describe('lazyfs: names', () => {
	it('loses a new file whose directory was not synced, even though its data was', async () => {
		writeSynced(at('new'), 'data synced, name not');
		await powerCut();
		expect(existsSync(at('new'))).toBe(false);
		expect(read(at('kept'))).toBe('old');
	});

	it('keeps a new name once its directory is synced (empty if its data was not)', async () => {
		writeFileSync(at('named'), 'never synced');
		mkdirSync(at('folder'));
		syncDir(at());
		await powerCut();
		expect(read(at('named'))).toBe('');
		expect(readdirSync(at('folder'))).toEqual([]);
	});

	it('brings a renamed file back under its old name unless the directory was synced', async () => {
		writeSynced(at('next'), 'the new version');
		renameSync(at('next'), at('kept'));
		expect(read(at('kept'))).toBe('the new version');
		await powerCut();
		expect(read(at('kept'))).toBe('old');
		expect(existsSync(at('next'))).toBe(false);
		writeSynced(at('next'), 'the new version');
		renameSync(at('next'), at('kept'));
		syncDir(at());
		await powerCut();
		expect(read(at('kept'))).toBe('the new version');
		expect(readdirSync(at())).toEqual(['kept']);
	});

	it('needs both directories synced for a move between them', async () => {
		mkdirSync(at('a'));
		mkdirSync(at('b'));
		syncDir(at());
		writeSynced(at('a', 'file'), 'moving');
		syncDir(at('a'));
		renameSync(at('a', 'file'), at('b', 'file'));
		syncDir(at('b'));
		await powerCut();
		// Only the new directory was synced: the file is in both, one file under two names.
		expect(read(at('a', 'file'))).toBe('moving');
		expect(read(at('b', 'file'))).toBe('moving');
		renameSync(at('a', 'file'), at('a', 'gone'));
		unlinkSync(at('a', 'gone'));
		syncDir(at('a'));
		await powerCut();
		expect(readdirSync(at('a'))).toEqual([]);
		expect(read(at('b', 'file'))).toBe('moving');
	});

	it('brings an unlinked file back unless the directory was synced, and keeps an open one usable', async () => {
		const fd = openSync(at('kept'), 'r+');
		unlinkSync(at('kept'));
		writeSync(fd, 'OLD', 0);
		fsyncSync(fd);
		closeSync(fd);
		expect(existsSync(at('kept'))).toBe(false);
		await powerCut();
		expect(read(at('kept'))).toBe('OLD');
		unlinkSync(at('kept'));
		syncDir(at());
		await powerCut();
		expect(existsSync(at('kept'))).toBe(false);
	});

	it('keeps symbolic and hard links as their directory was synced', async () => {
		symlinkSync('kept', at('link'));
		linkSync(at('kept'), at('hard'));
		syncDir(at());
		writeSynced(at('hard'), 'through the hard link');
		await powerCut();
		expect(readlinkSync(at('link'))).toBe('kept');
		expect(read(at('kept'))).toBe('through the hard link');
		expect(statSync(at('hard')).ino).toBe(statSync(at('kept')).ino);
	});

	it('keeps a new folder empty until the folder itself is synced', async () => {
		mkdirSync(at('d'));
		syncDir(at());
		writeSynced(at('d', 'inside'), 'in a synced folder');
		mkdirSync(at('d', 'sub'));
		await powerCut();
		expect(readdirSync(at('d'))).toEqual([]);
		writeSynced(at('d', 'inside'), 'in a synced folder');
		syncDir(at('d'));
		await powerCut();
		expect(read(at('d', 'inside'))).toBe('in a synced folder');
	});
});

describe('lazyfs: names asked for while missing (the kernel remembers the answer)', () => {
	it('finds a name made after it was asked for and not found, by any way, and loses it again', () => {
		const names = ['made', 'renamed', 'linked', 'folder'];
		for (const name of names) expect(existsSync(at(name))).toBe(false);
		writeFileSync(at('made'), 'new');
		writeFileSync(at('other'), 'moved');
		renameSync(at('other'), at('renamed'));
		linkSync(at('kept'), at('linked'));
		mkdirSync(at('folder'));
		expect(names.map((name) => existsSync(at(name)))).toEqual([true, true, true, true]);
		expect(read(at('renamed'))).toBe('moved');
		expect(existsSync(at('other'))).toBe(false);
		unlinkSync(at('made'));
		expect(existsSync(at('made'))).toBe(false);
		// Python's own calls, another process than the one that asked.
		expect(
			python("print(os.path.exists(os.path.join(mnt, 'made')), os.path.exists(os.path.join(mnt, 'renamed')))")
		).toBe('False True\n');
	});
});

describe('lazyfs: names in the ordered mode (as ext4 journals them)', () => {
	beforeEach(async () => {
		await disk.cut();
		disk = await LazyMount.mount(join(base, 'backing'), join(base, 'mnt'), 'ordered');
	});

	it("makes every earlier name durable at any sync; bytes still only by their own file's sync", async () => {
		mkdirSync(at('folder', 'deeper'), { recursive: true });
		writeFileSync(at('folder', 'deeper', 'unsynced'), 'bytes never synced');
		renameSync(at('kept'), at('folder', 'moved'));
		writeSynced(at('folder', 'synced'), 'this sync commits the names');
		writeFileSync(at('after'), 'named after the last sync');
		const remount = async () => {
			await disk.cut();
			disk = await LazyMount.mount(join(base, 'backing'), join(base, 'mnt'), 'ordered');
		};
		await remount();
		expect(readdirSync(at()).sort()).toEqual(['folder']);
		expect(readdirSync(at('folder')).sort()).toEqual(['deeper', 'moved', 'synced']);
		expect(read(at('folder', 'moved'))).toBe('old');
		expect(read(at('folder', 'synced'))).toBe('this sync commits the names');
		expect(read(at('folder', 'deeper', 'unsynced'))).toBe('');
	});
});

describe('lazyfs: SQLite on it, as Firefox and WebKit keep IndexedDB', () => {
	/** Commits rows one transaction each in WAL mode (shared memory by mmap), then the process is killed. */
	function commitRows(synchronous: 'FULL' | 'OFF', rows: number): void {
		python(`
import sqlite3
db = sqlite3.connect(os.path.join(mnt, 'db.sqlite'), isolation_level=None)
db.execute('PRAGMA journal_mode=WAL')
db.execute('PRAGMA synchronous=${synchronous}')
db.execute('CREATE TABLE IF NOT EXISTS t (n INTEGER)')
for n in range(${rows}):
    db.execute('INSERT INTO t VALUES (?)', (n,))
os.kill(os.getpid(), 9)
`);
	}

	function count(): number {
		return Number(
			python(`
import sqlite3
db = sqlite3.connect(os.path.join(mnt, 'db.sqlite'))
print(db.execute('PRAGMA integrity_check').fetchone()[0] == 'ok' and db.execute('SELECT count(*) FROM t').fetchone()[0])
`).trim()
		);
	}

	it('keeps every commit made with synchronous=FULL, and the database opens', async () => {
		expect(() => commitRows('FULL', 20)).toThrow();
		await powerCut();
		expect(count()).toBe(20);
	});

	it('loses the commits made with synchronous=OFF (nothing was synced)', async () => {
		expect(() => commitRows('FULL', 1)).toThrow();
		await powerCut();
		expect(() => commitRows('OFF', 20)).toThrow();
		await powerCut();
		expect(count()).toBe(1);
	});
});

describe('lazyfs: the moment of the cut', () => {
	it('holds every sync after a freeze until the cut; what it would have synced is lost', async () => {
		disk.freeze();
		const writer = spawn(PYTHON, [
			'-c',
			`import os, sys
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_TRUNC)
os.write(fd, b'after the freeze')
print('written', flush=True)
os.fsync(fd)
print('synced', flush=True)`,
			at('kept')
		]);
		let said = '';
		writer.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
		const gone = new Promise((done) => writer.once('exit', done));
		await new Promise((done) => setTimeout(done, 500));
		expect(said).toBe('written\n');
		// Killed while its fsync waits: it dies once the cut answers that fsync.
		writer.kill('SIGKILL');
		await powerCut();
		await gone;
		expect(said).toBe('written\n');
		expect(read(at('kept'))).toBe('old');
	});

	it('freezes at the n-th sync from now, before applying it', async () => {
		disk.freezeAtSync(2);
		writeSynced(at('kept'), 'first sync');
		const second = spawn(PYTHON, [
			'-c',
			`import os, sys
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_TRUNC)
os.write(fd, b'second sync')
os.fsync(fd)`,
			at('kept')
		]);
		const gone = new Promise((done) => second.once('exit', done));
		await disk.whenFrozen();
		expect(disk.status()).toMatchObject({ frozen: true, fsync: 3 });
		second.kill('SIGKILL');
		await powerCut();
		await gone;
		expect(read(at('kept'))).toBe('first sync');
	});

	it('removes at the next mount what no durable name reaches', async () => {
		writeSynced(at('orphan'), 'synced, never named');
		await powerCut();
		const backing = readdirSync(join(base, 'backing', 'data'));
		const state = JSON.parse(readFileSync(join(base, 'backing', 'state.json'), 'utf8')) as {
			records: Record<string, unknown>;
		};
		expect(backing.sort()).toEqual(
			Object.keys(state.records)
				.filter((ino) => ino !== '1')
				.sort()
		);
		expect(readdirSync(at())).toEqual(['kept']);
	});
});

describe('lazyfs: traced syncs', () => {
	it('tells each sync with the path it makes durable when LAZYFS_TRACE_SYNCS is set', async () => {
		await disk.cut();
		process.env.LAZYFS_TRACE_SYNCS = '1';
		try {
			disk = await LazyMount.mount(join(base, 'backing'), join(base, 'mnt'));
		} finally {
			delete process.env.LAZYFS_TRACE_SYNCS;
		}
		mkdirSync(at('db'));
		const fd = openSync(at('db', '000003.log'), 'w');
		writeSync(fd, 'a commit');
		fdatasyncSync(fd);
		closeSync(fd);
		syncDir(at('db'));
		disk.freeze();
		// The file system tells on its stdout, read between this test's (blocking) calls.
		for (let wait = 0; disk.syncs.length < 2 && wait < 100; wait++)
			await new Promise((done) => setTimeout(done, 20));
		expect(disk.syncs.map(({ what, path, frozen }) => ({ what, path, frozen }))).toEqual([
			{ what: 'fdatasync', path: '/db/000003.log', frozen: false },
			{ what: 'fsyncdir', path: '/db', frozen: false }
		]);
	});
});
