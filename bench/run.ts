// `npm run bench`: runs every benchmark in this folder in turn; each prints its own figures.
// Benchmarks measure and print; they never pass or fail on a figure.
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

const files = (await readdir(here))
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts' && !name.endsWith('.test.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

for (const name of files) {
  console.log(`\n== ${name}`);
  const module = (await import(pathToFileURL(path.join(here, name)).href)) as { main?: () => Promise<void> };
  if (typeof module.main === 'function') await module.main();
}
