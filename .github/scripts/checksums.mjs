// Prints `sha256  name` (the sha256sum format) for every installer in a folder, sorted by name, so a
// release's artifacts can be checked with `sha256sum -c` on any machine, on either side of the air gap.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const INSTALLERS = /\.(AppImage|deb|exe|dmg)$/;
const folder = process.argv[2] ?? 'release';

for (const name of readdirSync(folder)
  .filter((n) => INSTALLERS.test(n))
  .sort()) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(join(folder, name)), hash);
  console.log(`${hash.digest('hex')}  ${name}`);
}
