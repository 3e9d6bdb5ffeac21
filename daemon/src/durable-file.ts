import { open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writing a file so that after a crash or a power cut it is either complete or absent: the bytes
 * go to a temporary file (name + TEMP_SUFFIX), which is fsync'd, renamed into place, and the
 * directory fsync'd so the rename itself is on disk. Readers of the directory delete leftover
 * temporary files at start. Used by the log spool and the outbox.
 */

export const TEMP_SUFFIX = '.tmp';

export async function writeFileDurably(dir: string, name: string, payload: Buffer): Promise<void> {
  const temp = join(dir, name + TEMP_SUFFIX);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(payload);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, join(dir, name));
  } catch (error) {
    // A disk that filled up mid-write: give the space of the half-written file back.
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncDirectory(dir);
}

/** fsync a directory, so a file created, renamed or deleted in it stays so after a power cut. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
