#!/usr/bin/python3
"""A file system that loses what was not synced: the power-cut test's disk (like LazyFS).

Every write lands in memory, as in an operating system's page cache, and reaches the backing folder only
when the program asks for it: fsync/fdatasync of the file makes its data and size durable. A "cut" throws
away everything not yet durable and unmounts: what a tablet's storage holds after its battery died.

Names (a file created, renamed or removed, a folder made) follow one of two rules:

- `posix` (the default): a name is durable only once its directory was fsynced, as POSIX promises and no
  more. Browsers do not live up to it: Chromium syncs the LevelDB folders of its IndexedDB but never the
  folders above them, so under this rule a fresh profile's database is gone after every cut.
- `ordered` (`--names=ordered`): any sync first makes every name change before it durable, as ext4's
  data=ordered journal (Android, ChromeOS, Linux) commits them with the fsync that waits for it, and f2fs's
  checkpoint does. A new file's bytes are still durable only by its own sync: a file named durably but
  never synced comes back empty, as on ext4. The power-cut test runs this way.

Binding: pyfuse3 (Debian's python3-pyfuse3) on libfuse 3 (Debian's fuse3). Its low-level, inode-based API
gets the kernel's requests as they are: an unlinked file that is still open, a rename of an open file and
a directory's fsync arrive as such. python3-fusepy binds libfuse 2 through its path-based API, which
renames unlinked open files to `.fuse_hidden*` (or fails reads on them), has no fallocate, and has not
been released since 2018.

    lazyfs.py mount BACKING MOUNTPOINT [--names=ordered]
                                          serve until cut (JSON lines on stdout: mounted, frozen, cut)
    lazyfs.py export BACKING FOLDER       copy what is durable into FOLDER as plain files (to look at it)

The control file MOUNTPOINT/.lazyfs (not listed) takes one command per write:

    freeze                  nothing becomes durable from now on: every fsync waits until the cut
    freeze-at-fsync N       the same, at the N-th fsync from now (that fsync is not applied): mid-commit
    disarm                  forget a freeze-at-fsync not yet reached
    cut                     drop every write not yet durable and unmount

and reads as the state in JSON: syncs counted, whether frozen, what is not yet durable. With the environment
variable LAZYFS_TRACE_SYNCS set, every sync is also told on stdout with the path it makes durable
(`{"event": "sync", "what": "fdatasync", "path": "/profile/…/000003.log", "frozen": false, "at": <unix s>}`):
which files a browser syncs, and when.

What is not modelled: writes reaching the disk by themselves (a kernel writes dirty pages back within
about 30 s; here nothing reaches the backing folder without a sync, the harder case), torn writes, and
sync()/syncfs(), which FUSE does not pass on. fallocate answers "not supported" (pyfuse3 has no handler):
programs fall back to writing zeros, which are writes like any other. Locks are the kernel's own.

Backing folder: `state.json` (the durable names, kinds and modes) and `data/<inode>` (each file's durable
bytes). A mount starts from what is durable and removes what no durable name reaches, as fsck would.
"""

import errno
import json
import os
import signal
import stat
import sys
import time

PAGE = 4096
CONTROL_NAME = b'.lazyfs'
ATTR_TIMEOUT = 60.0
SYNC_FLAGS = getattr(os, 'O_SYNC', 0) | getattr(os, 'O_DSYNC', 0)


def now_ns():
    return time.time_ns()


class Durable:
    """What survives a cut: records by inode (kind, mode, uid, gid, target, a directory's entries) in
    state.json, and each file's bytes in data/<inode>."""

    def __init__(self, backing):
        self.backing = backing
        self.data_dir = os.path.join(backing, 'data')
        self.state_path = os.path.join(backing, 'state.json')
        os.makedirs(self.data_dir, exist_ok=True)
        self.records = {}
        self.fds = {}
        if os.path.exists(self.state_path):
            with open(self.state_path, encoding='utf-8') as f:
                saved = json.load(f)
            for key, record in saved['records'].items():
                if 'entries' in record:
                    record['entries'] = {
                        name.encode('utf-8', 'surrogateescape'): ino
                        for name, ino in record['entries'].items()
                    }
                if 'target' in record:
                    record['target'] = record['target'].encode('utf-8', 'surrogateescape')
                self.records[int(key)] = record
        else:
            self.records[1] = {
                'kind': 'dir', 'mode': stat.S_IFDIR | 0o755, 'uid': os.getuid(), 'gid': os.getgid(),
                'entries': {},
            }
        self.collect({1})
        self.save()

    def collect(self, roots):
        """Removes every record (and its bytes) that no root reaches through directory entries."""
        reached = set()
        todo = [ino for ino in roots if ino in self.records]
        while todo:
            ino = todo.pop()
            if ino in reached:
                continue
            reached.add(ino)
            for child in self.records[ino].get('entries', {}).values():
                if child in self.records and child not in reached:
                    todo.append(child)
        for ino in [ino for ino in self.records if ino not in reached]:
            del self.records[ino]
        for name in os.listdir(self.data_dir):
            ino = int(name) if name.isdigit() else None
            if ino not in reached:
                self.close_fd(ino)
                os.unlink(os.path.join(self.data_dir, name))

    def save(self):
        records = {}
        for ino, record in self.records.items():
            out = dict(record)
            if 'entries' in out:
                out['entries'] = {
                    name.decode('utf-8', 'surrogateescape'): child for name, child in out['entries'].items()
                }
            if 'target' in out:
                out['target'] = out['target'].decode('utf-8', 'surrogateescape')
            records[str(ino)] = out
        temporary = self.state_path + '.tmp'
        # json.dumps, not json.dump: only the one-shot encoder is the C one (json.dump encodes piece by piece in
        # Python), and this runs at every sync that makes a name durable, while the browser's commit waits.
        with open(temporary, 'w', encoding='utf-8') as f:
            f.write(json.dumps({'records': records}))
        os.replace(temporary, self.state_path)

    def fd(self, ino):
        fd = self.fds.get(ino)
        if fd is None:
            if len(self.fds) >= 512:
                self.close_fd(next(iter(self.fds)))
            fd = os.open(os.path.join(self.data_dir, str(ino)), os.O_RDWR | os.O_CREAT, 0o600)
            self.fds[ino] = fd
        return fd

    def close_fd(self, ino):
        fd = self.fds.pop(ino, None)
        if fd is not None:
            os.close(fd)

    def size(self, ino):
        path = os.path.join(self.data_dir, str(ino))
        return os.stat(path).st_size if os.path.exists(path) else 0

    def mtime_ns(self, ino):
        path = os.path.join(self.data_dir, str(ino))
        return os.stat(path).st_mtime_ns if os.path.exists(path) else now_ns()

    def read(self, ino, offset, length):
        if length <= 0:
            return b''
        return os.pread(self.fd(ino), length, offset)

    def close(self):
        for ino in list(self.fds):
            self.close_fd(ino)


class Node:
    """An inode as the running system sees it: attributes, a directory's entries, a file's pages."""

    def __init__(self, ino, kind, mode, uid, gid, rdev=0, target=None):
        self.ino = ino
        self.kind = kind
        self.mode = mode
        self.uid = uid
        self.gid = gid
        self.rdev = rdev
        self.target = target
        stamp = now_ns()
        self.atime_ns = self.mtime_ns = self.ctime_ns = stamp
        self.nlink = 0
        self.lookups = 0
        self.opens = 0
        self.parent = None
        self.entries = {} if kind == 'dir' else None
        # A file: its size now, the pages written since the last sync, and the smallest size it had since
        # then (`floor`: durable bytes from there on are gone from the file's view).
        self.size = 0
        self.pages = {}
        self.floor = 0
        self.durable_size = 0


def to_fuse_error(code):
    import pyfuse3

    return pyfuse3.FUSEError(code)


class LazyFS:
    """The file system's state and its operations, independent of FUSE (the handlers below call these)."""

    def __init__(self, backing, names='posix'):
        self.durable = Durable(backing)
        self.names = names
        self.changed_dirs = set()
        self.nodes = {}
        self.handles = {}
        self.next_handle = 1
        self.frozen = False
        self.freeze_at = None
        self.dead = False
        self.counts = {'fsync': 0, 'fdatasync': 0, 'fsyncdir': 0, 'sync_writes': 0}
        self.next_ino = max(self.durable.records) + 1
        self.control_ino = None
        self.load()

    # -- loading what is durable --------------------------------------------------------------------

    def load(self):
        records = self.durable.records
        for ino, record in records.items():
            node = Node(ino, record['kind'], record['mode'], record['uid'], record['gid'],
                        record.get('rdev', 0), record.get('target'))
            if node.kind == 'file':
                node.size = node.floor = node.durable_size = self.durable.size(ino)
                node.mtime_ns = node.ctime_ns = self.durable.mtime_ns(ino)
            self.nodes[ino] = node
        for ino, record in records.items():
            if record['kind'] != 'dir':
                continue
            parent = self.nodes[ino]
            for name, child in record['entries'].items():
                node = self.nodes[child]
                parent.entries[name] = child
                node.nlink += 1
                if node.kind == 'dir':
                    node.parent = ino
                    parent.nlink += 1
        root = self.nodes[1]
        root.parent = 1
        root.nlink += 2
        for node in self.nodes.values():
            if node.kind == 'dir' and node.ino != 1:
                node.nlink += 1  # its own "."
        self.control_ino = self.next_ino
        self.next_ino += 1

    # -- helpers ------------------------------------------------------------------------------------

    def check(self):
        if self.dead:
            raise to_fuse_error(errno.EIO)

    def node(self, ino):
        node = self.nodes.get(ino)
        if node is None:
            raise to_fuse_error(errno.ENOENT)
        return node

    def directory(self, ino):
        node = self.node(ino)
        if node.kind != 'dir':
            raise to_fuse_error(errno.ENOTDIR)
        return node

    def new_node(self, kind, mode, ctx, rdev=0, target=None):
        node = Node(self.next_ino, kind, mode, ctx.uid, ctx.gid, rdev, target)
        self.next_ino += 1
        self.nodes[node.ino] = node
        return node

    def path_of(self, ino):
        """A name of the node now, from the mount's root (for a trace; '?' for a node no name reaches)."""
        parts = []
        seen = set()
        while ino != 1 and ino not in seen:
            seen.add(ino)
            parent = next((node for node in self.nodes.values()
                           if node.kind == 'dir' and ino in node.entries.values()), None)
            if parent is None:
                return '?'
            parts.append(next(name for name, child in parent.entries.items() if child == ino))
            ino = parent.ino
        return '/' + b'/'.join(reversed(parts)).decode('utf-8', 'replace')

    def release_if_unused(self, node):
        """A node nobody names, looks up or holds open is gone from the running system (its durable record,
        if any, stays until a sync or the next mount drops it)."""
        if node.nlink == 0 and node.lookups <= 0 and node.opens <= 0 and node.ino != 1:
            self.nodes.pop(node.ino, None)

    def touch(self, node, *, modified=True):
        stamp = now_ns()
        if modified:
            node.mtime_ns = stamp
            if node.kind == 'dir':
                self.changed_dirs.add(node.ino)
        node.ctime_ns = stamp

    # -- a file's content: pages over the durable bytes ----------------------------------------------

    def visible_page(self, node, page):
        """The page as the file shows it now (a new bytearray of PAGE bytes)."""
        if page in node.pages:
            return bytearray(node.pages[page])
        start = page * PAGE
        out = bytearray(PAGE)
        end = min(start + PAGE, node.floor, node.size)
        if end > start:
            data = self.durable.read(node.ino, start, end - start)
            out[: len(data)] = data
        return out

    def read(self, node, offset, length):
        end = min(offset + length, node.size)
        if offset >= end:
            return b''
        out = bytearray(end - offset)
        durable_end = min(end, node.floor)
        if durable_end > offset:
            data = self.durable.read(node.ino, offset, durable_end - offset)
            out[: len(data)] = data
        first, last = offset // PAGE, (end - 1) // PAGE
        if node.pages:
            for page in range(first, last + 1):
                content = node.pages.get(page)
                if content is None:
                    continue
                start = page * PAGE
                lo, hi = max(start, offset), min(start + PAGE, end)
                out[lo - offset : hi - offset] = content[lo - start : hi - start]
        return bytes(out)

    def write(self, node, offset, data):
        end = offset + len(data)
        position = offset
        while position < end:
            page = position // PAGE
            start = page * PAGE
            content = node.pages.get(page)
            if content is None:
                content = self.visible_page(node, page)
                node.pages[page] = content
            hi = min(start + PAGE, end)
            content[position - start : hi - start] = data[position - offset : hi - offset]
            position = hi
        node.size = max(node.size, end)

    def truncate(self, node, size):
        if size < node.size:
            for page in [page for page in node.pages if page * PAGE >= size]:
                del node.pages[page]
            last = size // PAGE
            if size % PAGE and last in node.pages:
                content = node.pages[last]
                content[size % PAGE :] = bytes(PAGE - size % PAGE)
            node.floor = min(node.floor, size)
        node.size = size

    # -- making things durable -----------------------------------------------------------------------

    def record_of(self, node):
        record = {'kind': node.kind, 'mode': node.mode, 'uid': node.uid, 'gid': node.gid}
        if node.kind == 'dir':
            record['entries'] = {}
        if node.target is not None:
            record['target'] = node.target
        if node.rdev:
            record['rdev'] = node.rdev
        return record

    def sync_file(self, node):
        """fsync/fdatasync: the file's bytes and size (and its mode) become durable; its names do not."""
        records = self.durable.records
        changed = False
        if node.ino not in records:
            records[node.ino] = self.record_of(node)
            changed = True
        else:
            record = records[node.ino]
            for key in ('mode', 'uid', 'gid'):
                if record[key] != getattr(node, key):
                    record[key] = getattr(node, key)
                    changed = True
        if node.kind == 'file' and (node.pages or node.floor != node.size or node.durable_size != node.size):
            fd = self.durable.fd(node.ino)
            if node.floor < node.durable_size:
                os.ftruncate(fd, node.floor)
            for page, content in sorted(node.pages.items()):
                start = page * PAGE
                if start < node.size:
                    os.pwrite(fd, bytes(content[: min(PAGE, node.size - start)]), start)
            os.ftruncate(fd, node.size)
            node.pages.clear()
            node.floor = node.durable_size = node.size
        if changed:
            self.durable.save()

    def sync_dir(self, node):
        """fsync of a directory: its entries become durable as they are now (a new entry's file with the
        bytes it had synced, a new directory empty until it is synced itself)."""
        self.take_entries(node)
        self.settle_names()

    def take_entries(self, node):
        records = self.durable.records
        if node.ino not in records:
            records[node.ino] = self.record_of(node)
        records[node.ino]['entries'] = dict(node.entries)
        for child in node.entries.values():
            if child not in records:
                records[child] = self.record_of(self.nodes[child])
                if records[child]['kind'] == 'file':
                    self.durable.fd(child)  # exists, empty: no byte of it was synced
        self.changed_dirs.discard(node.ino)

    def settle_names(self):
        # Records no durable name reaches and nothing running holds are gone (removed names, replaced files).
        records = self.durable.records
        self.durable.collect({1} | {ino for ino in records if ino in self.nodes})
        self.durable.save()

    def before_sync(self):
        """Names mode 'ordered' (ext4's data=ordered journal, f2fs's checkpoint): a sync of anything first
        commits every name created, renamed or removed before it, as the journal commit an fsync waits for
        does. Mode 'posix': names wait for their directory's own fsync."""
        if self.names != 'ordered' or not self.changed_dirs:
            return
        for ino in sorted(self.changed_dirs):
            node = self.nodes.get(ino)
            if node is not None and node.kind == 'dir':
                self.take_entries(node)
        self.changed_dirs.clear()
        self.settle_names()

    def dirty(self):
        """What is not durable: files with unsynced bytes, directories whose entries differ."""
        records = self.durable.records
        files = [node for node in self.nodes.values() if node.kind == 'file' and (
            node.pages or node.floor != node.size or node.size != node.durable_size)]
        dirs = [node for node in self.nodes.values() if node.kind == 'dir' and (
            node.ino not in records or records[node.ino].get('entries') != node.entries)]
        return {
            'files': len(files),
            'bytes': sum(len(node.pages) * PAGE for node in files),
            'directories': len(dirs),
        }

    def status(self):
        return {**self.counts, 'frozen': self.frozen, 'freezeAt': self.freeze_at, 'dirty': self.dirty()}


def main_mount(backing, mountpoint, debug=False, names='posix'):
    import pyfuse3
    import trio

    fs = LazyFS(backing, names)
    # trio's events, made once trio runs: 'cut' (ends the session), 'thaw' (set by the cut), 'closed' (the
    # control file that sent the cut is closed)
    events = {}

    def emit(event, **fields):
        sys.stdout.write(json.dumps({'event': event, **fields}) + '\n')
        sys.stdout.flush()

    def attributes(node):
        entry = pyfuse3.EntryAttributes()
        entry.st_ino = node.ino
        entry.generation = 0
        entry.entry_timeout = ATTR_TIMEOUT
        entry.attr_timeout = ATTR_TIMEOUT
        entry.st_mode = node.mode
        entry.st_nlink = max(node.nlink, 0)
        entry.st_uid = node.uid
        entry.st_gid = node.gid
        entry.st_rdev = node.rdev
        size = node.size if node.kind == 'file' else (len(node.target) if node.target is not None else 0)
        entry.st_size = size
        entry.st_blksize = PAGE
        entry.st_blocks = (size + 511) // 512
        entry.st_atime_ns = node.atime_ns
        entry.st_mtime_ns = node.mtime_ns
        entry.st_ctime_ns = node.ctime_ns
        return entry

    control = Node(fs.control_ino, 'control', stat.S_IFREG | 0o600, os.getuid(), os.getgid())

    def control_attributes():
        entry = attributes(control)
        entry.entry_timeout = 0
        entry.attr_timeout = 0
        return entry

    trace_syncs = bool(os.environ.get('LAZYFS_TRACE_SYNCS'))

    async def durable_point(what, ino):
        """Every sync passes here: counted; when frozen (or at the armed count) it waits for the cut. With
        LAZYFS_TRACE_SYNCS set, each sync is told on stdout with the path it syncs (which files a browser
        makes durable, and when)."""
        fs.counts[what] += 1
        if trace_syncs:
            emit('sync', what=what, path=fs.path_of(ino), frozen=fs.frozen, at=round(time.time(), 3))
        if fs.freeze_at is not None and not fs.frozen:
            fs.freeze_at -= 1
            if fs.freeze_at <= 0:
                fs.freeze_at = None
                fs.frozen = True
                emit('frozen', at=what, counts=fs.counts)
        if fs.frozen:
            await events['thaw'].wait()  # set by the cut
            raise to_fuse_error(errno.EIO)

    def cut():
        # Nothing is written any more: the syncs waiting since the freeze end in EIO (their programs were
        # killed meanwhile and wait only for this answer to die), then the session ends.
        fs.dead = True
        fs.frozen = True
        emit('cut', counts=fs.counts, lost=fs.dirty())
        events['thaw'].set()
        events['cut'].set()

    def command(text):
        words = text.split()
        if not words:
            return
        if words[0] == 'cut':
            cut()
        elif words[0] == 'freeze':
            if not fs.frozen:
                fs.frozen = True
                emit('frozen', at='command', counts=fs.counts)
        elif words[0] == 'freeze-at-fsync' and len(words) == 2 and words[1].isdigit() and int(words[1]) > 0:
            fs.freeze_at = int(words[1])
        elif words[0] == 'disarm':
            fs.freeze_at = None
        else:
            raise to_fuse_error(errno.EINVAL)

    class Operations(pyfuse3.Operations):
        enable_writeback_cache = False
        supports_dot_lookup = True

        async def lookup(self, parent_inode, name, ctx):
            fs.check()
            parent = fs.directory(parent_inode)
            if parent_inode == 1 and name == CONTROL_NAME:
                return control_attributes()
            if name == b'.':
                node = parent
            elif name == b'..':
                node = fs.node(parent.parent)
            else:
                ino = parent.entries.get(name)
                if ino is None:
                    # A name that is not there, remembered by the kernel (inode 0: a negative entry): programs ask
                    # again and again (SQLite for its journal). Every name made later comes through this mount,
                    # and the kernel forgets the negative entry when it does.
                    missing = pyfuse3.EntryAttributes()
                    missing.st_ino = 0
                    missing.entry_timeout = ATTR_TIMEOUT
                    return missing
                node = fs.node(ino)
            node.lookups += 1
            return attributes(node)

        async def forget(self, inode_list):
            for ino, count in inode_list:
                node = fs.nodes.get(ino)
                if node is not None:
                    node.lookups -= count
                    fs.release_if_unused(node)

        async def getattr(self, inode, ctx):
            fs.check()
            if inode == fs.control_ino:
                return control_attributes()
            return attributes(fs.node(inode))

        async def setattr(self, inode, attr, fields, fh, ctx):
            fs.check()
            if inode == fs.control_ino:
                return control_attributes()
            node = fs.node(inode)
            if fields.update_size:
                if node.kind != 'file':
                    raise to_fuse_error(errno.EINVAL)
                fs.truncate(node, attr.st_size)
                fs.touch(node)
                handle = fs.handles.get(fh) if fh is not None else None
                if handle is not None and handle['flags'] & SYNC_FLAGS:
                    await durable_point('sync_writes', node.ino)
                    fs.before_sync()
                    fs.sync_file(node)
            if fields.update_mode:
                node.mode = (node.mode & ~0o7777) | (attr.st_mode & 0o7777)
            if fields.update_uid:
                node.uid = attr.st_uid
            if fields.update_gid:
                node.gid = attr.st_gid
            if fields.update_atime:
                node.atime_ns = attr.st_atime_ns
            if fields.update_mtime:
                node.mtime_ns = attr.st_mtime_ns
            node.ctime_ns = attr.st_ctime_ns if fields.update_ctime else now_ns()
            return attributes(node)

        async def readlink(self, inode, ctx):
            fs.check()
            node = fs.node(inode)
            if node.target is None:
                raise to_fuse_error(errno.EINVAL)
            return node.target

        def _add(self, parent_inode, name, node):
            parent = fs.directory(parent_inode)
            if name in parent.entries or (parent_inode == 1 and name == CONTROL_NAME):
                fs.nodes.pop(node.ino, None)
                raise to_fuse_error(errno.EEXIST)
            parent.entries[name] = node.ino
            node.nlink += 1
            if node.kind == 'dir':
                node.parent = parent_inode
                node.nlink += 1
                parent.nlink += 1
            node.lookups += 1
            fs.touch(parent)
            return attributes(node)

        async def mknod(self, parent_inode, name, mode, rdev, ctx):
            fs.check()
            kind = stat.S_IFMT(mode)
            if kind == stat.S_IFREG:
                node = fs.new_node('file', mode, ctx)
            elif kind in (stat.S_IFIFO, stat.S_IFSOCK):
                node = fs.new_node('special', mode, ctx, rdev=rdev)
            else:
                raise to_fuse_error(errno.EPERM)
            return self._add(parent_inode, name, node)

        async def mkdir(self, parent_inode, name, mode, ctx):
            fs.check()
            return self._add(parent_inode, name, fs.new_node('dir', stat.S_IFDIR | (mode & 0o7777), ctx))

        async def symlink(self, parent_inode, name, target, ctx):
            fs.check()
            return self._add(parent_inode, name, fs.new_node('symlink', stat.S_IFLNK | 0o777, ctx,
                                                              target=bytes(target)))

        async def link(self, inode, new_parent_inode, new_name, ctx):
            fs.check()
            node = fs.node(inode)
            if node.kind == 'dir':
                raise to_fuse_error(errno.EPERM)
            entry = self._add(new_parent_inode, new_name, node)
            fs.touch(node, modified=False)
            return entry

        def _remove(self, parent_inode, name, want_dir):
            parent = fs.directory(parent_inode)
            ino = parent.entries.get(name)
            if ino is None:
                raise to_fuse_error(errno.ENOENT)
            node = fs.node(ino)
            if want_dir and node.kind != 'dir':
                raise to_fuse_error(errno.ENOTDIR)
            if not want_dir and node.kind == 'dir':
                raise to_fuse_error(errno.EISDIR)
            if want_dir and node.entries:
                raise to_fuse_error(errno.ENOTEMPTY)
            del parent.entries[name]
            node.nlink -= 1
            if node.kind == 'dir':
                node.nlink = 0
                parent.nlink -= 1
            fs.touch(parent)
            fs.touch(node, modified=False)
            fs.release_if_unused(node)

        async def unlink(self, parent_inode, name, ctx):
            fs.check()
            self._remove(parent_inode, name, want_dir=False)

        async def rmdir(self, parent_inode, name, ctx):
            fs.check()
            self._remove(parent_inode, name, want_dir=True)

        async def rename(self, parent_inode_old, name_old, parent_inode_new, name_new, flags, ctx):
            fs.check()
            old_parent = fs.directory(parent_inode_old)
            new_parent = fs.directory(parent_inode_new)
            ino = old_parent.entries.get(name_old)
            if ino is None:
                raise to_fuse_error(errno.ENOENT)
            node = fs.node(ino)
            if parent_inode_new == 1 and name_new == CONTROL_NAME:
                raise to_fuse_error(errno.EPERM)
            target_ino = new_parent.entries.get(name_new)
            if flags & pyfuse3.RENAME_EXCHANGE:
                if target_ino is None:
                    raise to_fuse_error(errno.ENOENT)
                other = fs.node(target_ino)
                old_parent.entries[name_old] = target_ino
                new_parent.entries[name_new] = ino
                for moved, into in ((node, new_parent), (other, old_parent)):
                    if moved.kind == 'dir' and moved.parent != into.ino:
                        fs.node(moved.parent).nlink -= 1
                        into.nlink += 1
                        moved.parent = into.ino
                fs.touch(old_parent)
                fs.touch(new_parent)
                return
            if target_ino == ino:
                return
            if target_ino is not None:
                if flags & pyfuse3.RENAME_NOREPLACE:
                    raise to_fuse_error(errno.EEXIST)
                target = fs.node(target_ino)
                if target.kind == 'dir' and node.kind != 'dir':
                    raise to_fuse_error(errno.EISDIR)
                if target.kind != 'dir' and node.kind == 'dir':
                    raise to_fuse_error(errno.ENOTDIR)
                if target.kind == 'dir' and target.entries:
                    raise to_fuse_error(errno.ENOTEMPTY)
                del new_parent.entries[name_new]
                target.nlink -= 1
                if target.kind == 'dir':
                    target.nlink = 0
                    new_parent.nlink -= 1
                fs.touch(target, modified=False)
                fs.release_if_unused(target)
            del old_parent.entries[name_old]
            new_parent.entries[name_new] = ino
            if node.kind == 'dir' and parent_inode_old != parent_inode_new:
                old_parent.nlink -= 1
                new_parent.nlink += 1
                node.parent = parent_inode_new
            fs.touch(old_parent)
            fs.touch(new_parent)
            fs.touch(node, modified=False)

        async def open(self, inode, flags, ctx):
            fs.check()
            if inode == fs.control_ino:
                handle = fs.next_handle
                fs.next_handle += 1
                fs.handles[handle] = {'ino': inode, 'flags': flags, 'status': None}
                return pyfuse3.FileInfo(fh=handle, direct_io=True)
            node = fs.node(inode)
            if node.kind != 'file':
                raise to_fuse_error(errno.EINVAL)
            if flags & os.O_TRUNC:  # libfuse 3 passes O_TRUNC on to open (atomic_o_trunc)
                fs.truncate(node, 0)
                fs.touch(node)
            return self._open(node, flags)

        def _open(self, node, flags):
            handle = fs.next_handle
            fs.next_handle += 1
            fs.handles[handle] = {'ino': node.ino, 'flags': flags}
            node.opens += 1
            return pyfuse3.FileInfo(fh=handle, keep_cache=True)

        async def create(self, parent_inode, name, mode, flags, ctx):
            fs.check()
            node = fs.new_node('file', stat.S_IFREG | (mode & 0o7777), ctx)
            entry = self._add(parent_inode, name, node)
            return self._open(node, flags), entry

        async def read(self, fh, off, size):
            handle = fs.handles[fh]
            if handle['ino'] == fs.control_ino:
                if handle.get('status') is None:
                    handle['status'] = (json.dumps(fs.status()) + '\n').encode()
                return handle['status'][off : off + size]
            fs.check()
            node = fs.node(handle['ino'])
            node.atime_ns = now_ns()
            return fs.read(node, off, size)

        async def write(self, fh, off, buf):
            handle = fs.handles[fh]
            if handle['ino'] == fs.control_ino:
                command(bytes(buf).decode('utf-8', 'replace'))
                return len(buf)
            fs.check()
            node = fs.node(handle['ino'])
            fs.write(node, off, bytes(buf))
            fs.touch(node)
            if handle['flags'] & SYNC_FLAGS:
                await durable_point('sync_writes', node.ino)
                fs.before_sync()
                fs.sync_file(node)
            return len(buf)

        async def flush(self, fh):
            # The close of the control file that sent the cut: answered, the session may end (see serve).
            handle = fs.handles.get(fh)
            if fs.dead and handle is not None and handle['ino'] == fs.control_ino:
                events['closed'].set()

        async def release(self, fh):
            handle = fs.handles.pop(fh, None)
            if handle is None or handle['ino'] == fs.control_ino:
                return
            node = fs.nodes.get(handle['ino'])
            if node is not None:
                node.opens -= 1
                fs.release_if_unused(node)

        async def fsync(self, fh, datasync):
            fs.check()
            handle = fs.handles[fh]
            if handle['ino'] == fs.control_ino:
                return
            await durable_point('fdatasync' if datasync else 'fsync', handle['ino'])
            fs.check()
            fs.before_sync()
            fs.sync_file(fs.node(handle['ino']))

        async def opendir(self, inode, ctx):
            fs.check()
            fs.directory(inode)
            handle = fs.next_handle
            fs.next_handle += 1
            fs.handles[handle] = {'ino': inode, 'flags': 0, 'listing': None}
            return handle

        async def readdir(self, fh, start_id, token):
            fs.check()
            handle = fs.handles[fh]
            node = fs.directory(handle['ino'])
            if start_id == 0 or handle['listing'] is None:
                handle['listing'] = list(node.entries.items())
            listing = handle['listing']
            for index in range(start_id, len(listing)):
                name, ino = listing[index]
                child = fs.nodes.get(ino)
                if child is None:
                    continue
                if not pyfuse3.readdir_reply(token, name, attributes(child), index + 1):
                    break
                child.lookups += 1

        async def releasedir(self, fh):
            fs.handles.pop(fh, None)

        async def fsyncdir(self, fh, datasync):
            fs.check()
            handle = fs.handles[fh]
            await durable_point('fsyncdir', handle['ino'])
            fs.check()
            fs.before_sync()
            fs.sync_dir(fs.directory(handle['ino']))

        async def statfs(self, ctx):
            fs.check()
            seen = os.statvfs(backing)
            out = pyfuse3.StatvfsData()
            for key in ('f_bsize', 'f_frsize', 'f_blocks', 'f_bfree', 'f_bavail', 'f_files', 'f_ffree',
                        'f_favail', 'f_namemax'):
                setattr(out, key, getattr(seen, key))
            return out

        async def access(self, inode, mode, ctx):
            fs.check()
            return True

        # No extended attributes. ENOSYS, not "no such attribute": the kernel then stops asking, where it would
        # otherwise ask for security.capability before every single write (a round trip through Python each).
        async def getxattr(self, inode, name, ctx):
            raise to_fuse_error(errno.ENOSYS)

        async def listxattr(self, inode, ctx):
            raise to_fuse_error(errno.ENOSYS)

        async def setxattr(self, inode, name, value, ctx):
            raise to_fuse_error(errno.ENOSYS)

        async def removexattr(self, inode, name, ctx):
            raise to_fuse_error(errno.ENOSYS)

    options = set(pyfuse3.default_options)
    options.add('fsname=lazyfs')
    options.add('subtype=lazyfs')
    if debug:
        options.add('debug')
    pyfuse3.init(Operations(), mountpoint, options)

    async def serve():
        events['cut'] = trio.Event()
        events['thaw'] = trio.Event()
        events['closed'] = trio.Event()
        async with trio.open_nursery() as nursery:

            async def end_at_cut():
                await events['cut'].wait()
                # The control write has had its answer; its close has its answer too (a cut by signal has no
                # close to wait for: at most a moment).
                with trio.move_on_after(0.2):
                    await events['closed'].wait()
                pyfuse3.terminate()

            async def end_at_signal():
                with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as received:
                    async for _ in received:
                        cut()  # stopped from outside: the same as a cut
                        return

            nursery.start_soon(end_at_cut)
            nursery.start_soon(end_at_signal)
            emit('mounted', pid=os.getpid())
            await pyfuse3.main(min_tasks=4, max_tasks=1000)
            nursery.cancel_scope.cancel()

    try:
        trio.run(serve)
    finally:
        pyfuse3.close(unmount=True)
        fs.durable.close()
        emit('unmounted')


def main_export(backing, folder):
    """Writes the durable tree as plain files (names, bytes, symlinks) into `folder`."""
    durable = Durable(backing)
    records = durable.records

    def write(ino, path):
        record = records[ino]
        if record['kind'] == 'dir':
            os.makedirs(path, exist_ok=True)
            for name, child in record['entries'].items():
                write(child, os.path.join(path, os.fsdecode(name)))
        elif record['kind'] == 'file':
            with open(path, 'wb') as out:
                out.write(durable.read(ino, 0, durable.size(ino)))
            os.chmod(path, record['mode'] & 0o7777)
        elif record['kind'] == 'symlink':
            os.symlink(os.fsdecode(record['target']), path)

    write(1, folder)
    durable.close()


if __name__ == '__main__':
    arguments = sys.argv[1:]
    if len(arguments) >= 3 and arguments[0] == 'mount':
        names = 'ordered' if '--names=ordered' in arguments[3:] else 'posix'
        main_mount(arguments[1], arguments[2], debug='--debug' in arguments[3:], names=names)
    elif len(arguments) == 3 and arguments[0] == 'export':
        main_export(arguments[1], arguments[2])
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)
