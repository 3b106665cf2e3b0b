import { ConfigService } from '@api/modules/config/config.service';
import { AppConfig } from '@api/modules/config/config.types';
import { MasterKeys, SECRETS_WATCH_MS } from '@api/modules/config/master-keys';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { DatabaseInUseError } from '@api/modules/database/embedded-database';
import { MIGRATIONS } from '@api/modules/database/migrations';
import { DocumentEntity } from '@api/modules/documents/document.entity';
import { DocumentRepository } from '@api/modules/documents/document.repository';
import { DataKeyEntity } from '@api/modules/keys/data-key.entity';
import { DataKeyRepository } from '@api/modules/keys/data-key.repository';
import { RotationError, RotationResult, rewrapUntilDone } from '@api/modules/operations/master-key-rotation';
import type { RotationAnswer } from '@api/modules/operations/operations.responder';
import { askServer } from '@api/modules/operations/server-requests';
import { StorageRepository } from '@api/modules/storage/storage.repository';

/** How long a running server has to take a rotation up, and then to finish it. */
const CLAIM_MS = 60_000;
const WORK_MS = 30 * 60_000;

/**
 * Rewraps every data key from the previous master key to the current one (see rewrapAll). With PostgreSQL,
 * or with the embedded database and no server running, this process does it (servers running meanwhile read
 * both keys: from FILES_KEY_PREVIOUS, or by following secrets.json when the keys are kept there, `stored`);
 * when a running server holds the embedded database and the keys are kept in secrets.json, that server is
 * asked to adopt the new key and rewrap while it keeps serving.
 */
export async function rotateMasterKey(config: AppConfig, stored: boolean, log: (line: string) => void): Promise<RotationResult> {
  const to = config.storage.filesKey.reveal();
  const from = config.storage.filesKeyPrevious?.reveal();
  if (!from) {
    throw new RotationError('No previous master key: set FILES_KEY to the new key and FILES_KEY_PREVIOUS to the old one (or run with --new-key when the key is kept in DATA_DIR/secrets.json).');
  }
  if (from.equals(to)) throw new RotationError('FILES_KEY and FILES_KEY_PREVIOUS are the same key: nothing to rotate.');
  let handle: DatabaseHandle;
  try {
    handle = await DatabaseHandle.open(config.database, [DataKeyEntity, DocumentEntity], MIGRATIONS);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    if (!stored) {
      throw new RotationError(
        `${error.message} Its master key comes from FILES_KEY, which it cannot change while it runs: stop it and rotate with FILES_KEY and FILES_KEY_PREVIOUS, or keep the key in DATA_DIR/secrets.json to rotate without stopping.`,
      );
    }
    return rotateOnServer(config.app.dataDir, log);
  }
  try {
    const configService = new ConfigService(config);
    const documents = new DocumentRepository(handle.dataSource);
    const targets = {
      dataKeys: new DataKeyRepository(handle.dataSource),
      storedFiles: () => documents.storedFiles(),
      storage: new StorageRepository(configService, new MasterKeys(configService)),
    };
    // Servers running on PostgreSQL follow secrets.json: give them the moment they take to read both keys.
    if (stored) await new Promise((resolve) => setTimeout(resolve, 2 * SECRETS_WATCH_MS));
    return await rewrapUntilDone(targets, from, to, log);
  } finally {
    await handle.close();
  }
}

/** Asks the server that holds the embedded database to rotate (see OperationsResponder) and waits for it. */
async function rotateOnServer(dataDir: string, log: (line: string) => void): Promise<RotationResult> {
  log('A running server holds the database: it adopts the new key and rewraps while it serves.');
  const answer = await askServer(dataDir, 'rotate-keys', {
    claimMs: CLAIM_MS,
    workMs: WORK_MS,
    failure: (reason) =>
      new RotationError(
        reason === null
          ? `The server that holds the embedded database did not take up or finish the rotation in time (a version without online rotation?): stop it and run rotate-keys again.`
          : `The server could not rotate the keys: ${reason}`,
      ),
  });
  const { lines, result } = JSON.parse(answer.toString('utf8')) as RotationAnswer;
  for (const line of lines) log(line);
  return result;
}
