/** The stored_files table: file contents kept in the database (sample files, templates, run inputs and outputs). */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';

const { storedFiles } = schema;

export async function insertStoredFile(
  db: DbOrTx,
  values: { fileName: string; contentType: string; size: number; sha256: string; content: Buffer },
): Promise<number> {
  const [row] = await db.insert(storedFiles).values(values).returning({ id: storedFiles.id });
  return row!.id;
}

export async function readStoredFile(db: DbOrTx, id: number) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}
