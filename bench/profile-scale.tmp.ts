import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient, startBenchApp } from './lib/app';
import { byCodeUnits, cuadPath, pooledQuestion, readQueries } from './lib/cuad';
import { mapLimit } from './lib/format';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

async function main(): Promise<void> {
  const corpus = cuadPath('txt');
  const files = readdirSync(corpus).filter((n) => n.endsWith('.txt')).sort(byCodeUnits).slice(0, Number(process.argv[2] ?? 510));
  const qs = readQueries(cuadPath('dev', 'queries.json')).filter((q) => files.includes(q.file)).map(pooledQuestion);
  const bench = await startBenchApp('prof');
  const api = new ApiClient(bench.baseUrl);
  await api.createUser(bench.config);
  const pid = await api.createProject('p');
  let t = Date.now();
  await mapLimit(files, 4, async (f) => api.upload(pid, f, readFileSync(join(corpus, f))));
  await api.waitUntilSettled(pid, 3600_000, 2000);
  console.log('ingest', Date.now() - t);
  const session = new Session(); session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start');
  t = Date.now(); await api.ask(pid, qs[0]); console.log('cold', Date.now() - t);
  writeFileSync('/work/scratch/cold.cpuprofile', JSON.stringify((await session.post('Profiler.stop')).profile));
  await session.post('Profiler.start');
  const times: number[] = [];
  for (const q of qs.slice(1, 21)) { const s = Date.now(); await api.ask(pid, q); times.push(Date.now() - s); }
  const { profile } = await session.post('Profiler.stop');
  writeFileSync('/work/scratch/scale.cpuprofile', JSON.stringify(profile));
  console.log('warm', times.join(' '));
  await bench.close();
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
