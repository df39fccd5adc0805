// Object bytes on disk. Each upload gets a fresh version id (a UUID); its bytes live at
// objects/<first two hex digits>/<version> and never change once written. Names chosen by users
// never reach the file system, so no key can escape the folder or collide with another.
//
// Crash safety, in order: (1) bytes go to .tmp/<uuid> and are fsynced; (2) the temp file is renamed
// to its final path and the directory fsynced; (3) only then does the database row that names the
// version commit; (4) after the commit the replaced or deleted version is unlinked. A crash before
// (3) leaves an unreferenced file, never a row pointing at missing or partial bytes; a crash after
// (3) leaves an old file behind, which costs disk space only.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, type ReadStream } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  open,
  readdir,
  rename,
  rm,
  stat,
  unlink,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Temp files older than this belong to no running upload (uploads are bounded by the size limit). */
const STALE_TEMP_MS = 60 * 60 * 1000;

// Folders to tidy at exit if nobody closed their store: a temp folder is removed; a persistent
// one only when it holds no object (a test run against a throwaway database leaves nothing).
const openRoots = new Map<string, boolean>();
let exitHookInstalled = false;
function tidyAtExit(root: string, ephemeral: boolean) {
  openRoots.set(root, ephemeral);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [r, temp] of openRoots) {
      if (temp || holdsNoObjectSync(r)) rmSync(r, { recursive: true, force: true });
    }
  });
}

function holdsNoObjectSync(root: string): boolean {
  try {
    const objects = path.join(root, 'objects');
    const tmp = path.join(root, '.tmp');
    const noTemps = !existsSync(tmp) || readdirSync(tmp).length === 0;
    return (
      noTemps && readdirSync(objects).every((d) => readdirSync(path.join(objects, d)).length === 0)
    );
  } catch {
    return false;
  }
}

export interface DiskOptions {
  /** Folder for the bytes; undefined means a private temp folder (made on first write). */
  root?: string;
}

export class BlobStore {
  /** The folder once made: on the first write, so a server that never stores a file leaves none. */
  private root: string | undefined;
  private making: Promise<string> | undefined;

  private constructor(private readonly configuredRoot: string | undefined) {
    // A configured folder may hold objects from earlier runs: it is readable before any write.
    this.root =
      configuredRoot !== undefined && existsSync(configuredRoot) ? configuredRoot : undefined;
  }

  static async open(opts: DiskOptions): Promise<BlobStore> {
    const store = new BlobStore(opts.root);
    if (store.root) await store.removeStaleTemps();
    return store;
  }

  private ensureRoot(): Promise<string> {
    this.making ??= (async () => {
      const ephemeral = this.configuredRoot === undefined;
      const root =
        this.configuredRoot ?? (await mkdtemp(path.join(os.tmpdir(), 'arivia-storage-')));
      await mkdir(path.join(root, 'objects'), { recursive: true, mode: 0o700 });
      this.root = root;
      tidyAtExit(root, ephemeral);
      return root;
    })();
    return this.making;
  }

  static newVersion(): string {
    return randomUUID();
  }

  /** The file of a version, or null for a version this store never wrote (e.g. set by hand in SQL). */
  pathOf(version: unknown): string | null {
    if (!this.root || typeof version !== 'string' || !VERSION.test(version)) return null;
    return path.join(this.root, 'objects', version.slice(0, 2), version);
  }

  /** A new temp file path (same file system as the final paths, so rename is atomic). */
  async tempPath(): Promise<string> {
    // Made every time: another process sharing the folder may have tidied it away at its exit.
    const dir = path.join(await this.ensureRoot(), '.tmp');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return path.join(dir, randomUUID());
  }

  /** Moves a complete, fsynced temp file to the version's final path. */
  async commit(tempPath: string, version: string): Promise<void> {
    await this.ensureRoot();
    const final = this.pathOf(version);
    if (!final) throw new Error(`not a version id: ${version}`);
    const dir = path.dirname(final);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rename(tempPath, final);
    await syncDir(dir);
  }

  /** Copies a version's bytes to a new version (for object copy), atomically. */
  async copy(fromVersion: string, toVersion: string): Promise<boolean> {
    const from = this.pathOf(fromVersion);
    if (!from) return false;
    const temp = await this.tempPath();
    try {
      await copyFile(from, temp);
      const fh = await open(temp, 'r+');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
      await this.commit(temp, toVersion);
      return true;
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
  }

  async size(version: string): Promise<number | null> {
    const p = this.pathOf(version);
    if (!p) return null;
    try {
      return (await stat(p)).size;
    } catch {
      return null;
    }
  }

  /** Opens a version for reading; null when its bytes are gone. */
  async read(version: unknown, range?: { start: number; end: number }): Promise<ReadStream | null> {
    const p = this.pathOf(version);
    if (!p) return null;
    // Opening first turns a missing file into null instead of a stream error mid-response.
    const fh = await open(p, 'r').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (!fh) return null;
    return fh.createReadStream({ start: range?.start, end: range?.end, highWaterMark: 256 * 1024 });
  }

  /** Reads a whole range into memory (small objects: cheaper than a stream); null when gone. */
  async readBytes(version: unknown, range: { start: number; end: number }): Promise<Buffer | null> {
    const p = this.pathOf(version);
    if (!p) return null;
    const fh = await open(p, 'r').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (!fh) return null;
    try {
      const buf = Buffer.allocUnsafe(range.end - range.start + 1);
      let done = 0;
      while (done < buf.length) {
        const { bytesRead } = await fh.read(buf, done, buf.length - done, range.start + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done === buf.length ? buf : buf.subarray(0, done);
    } finally {
      await fh.close();
    }
  }

  async remove(version: unknown): Promise<void> {
    const p = this.pathOf(version);
    if (!p) return;
    await unlink(p).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  async removeAll(versions: unknown[]): Promise<void> {
    await Promise.all(versions.map((v) => this.remove(v).catch(() => undefined)));
  }

  /** Removes a temp folder, or a persistent one that holds no object. */
  async close(): Promise<void> {
    const root = this.making ? await this.making : undefined;
    if (!root) return;
    openRoots.delete(root);
    if (this.configuredRoot === undefined || holdsNoObjectSync(root)) {
      await rm(root, { recursive: true, force: true });
    }
  }

  private async removeStaleTemps(): Promise<void> {
    const dir = path.join(this.root!, '.tmp');
    if (!existsSync(dir)) return;
    const now = Date.now();
    for (const name of await readdir(dir)) {
      const p = path.join(dir, name);
      const info = await stat(p).catch(() => null);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(p, { force: true });
    }
  }
}

/** Makes a rename durable. Some platforms cannot open directories; there it is best effort. */
async function syncDir(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // Windows refuses to fsync a directory handle; the rename itself is still atomic.
  } finally {
    await fh?.close();
  }
}
