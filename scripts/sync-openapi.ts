// Writes openapi.yaml from the Nest decorators and regenerates libs/api-client from it.
// With --check it writes nothing and fails when either committed file is stale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { buildOpenApiDocument, createHttpApp } from '@api/app.factory';
import { loadConfig } from '@api/modules/config/load-config';

const ROOT = join(__dirname, '..');
const SPEC = join(ROOT, 'openapi.yaml');
const SCHEMA = join(ROOT, 'libs', 'api-client', 'src', 'schema.d.ts');

async function generateSpec(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'casewise-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_ROLE: 'api', LOG_LEVEL: 'error', NODE_ENV: 'test' });
  const app = await createHttpApp(config, { logger: false });
  await app.init();
  try {
    const document = buildOpenApiDocument(app, config.app.version);
    return dump(document, { sortKeys: true, lineWidth: -1, noRefs: true });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `--default-non-nullable=false`: by default openapi-typescript types every property with a `default` as always
 * present, which holds for answers but makes request fields the server defaults (a project's description) required.
 * Without it a property is required only where the contract's `required` lists it.
 */
function generateClient(specPath: string, outPath: string): string {
  execFileSync(join(ROOT, 'node_modules', '.bin', 'openapi-typescript'), [specPath, '--default-non-nullable=false', '--output', outPath], { stdio: 'pipe' });
  return readFileSync(outPath, 'utf8');
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const spec = await generateSpec();
  if (check) {
    const scratch = mkdtempSync(join(tmpdir(), 'casewise-openapi-check-'));
    writeFileSync(join(scratch, 'openapi.yaml'), spec);
    let schema: string;
    try {
      schema = generateClient(join(scratch, 'openapi.yaml'), join(scratch, 'schema.d.ts'));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const stale = [spec !== readOrEmpty(SPEC) && 'openapi.yaml', schema !== readOrEmpty(SCHEMA) && 'libs/api-client/src/schema.d.ts'].filter(Boolean);
    if (stale.length > 0) {
      console.error(`Stale generated files: ${stale.join(', ')}. Run \`npm run sync:openapi\` and commit the result.`);
      process.exit(1);
    }
    console.log('openapi.yaml and the API client are up to date.');
    return;
  }
  writeFileSync(SPEC, spec);
  generateClient(SPEC, SCHEMA);
  console.log('Wrote openapi.yaml and libs/api-client/src/schema.d.ts');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
