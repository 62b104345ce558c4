// Runs from `npm run prepare` after the build: npm links the bins of dependencies into node_modules/.bin but
// never the package's own, so `npx offprint` in a fresh clone would find nothing. Link it ourselves.
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = join(root, 'dist', 'server', 'cli', 'main.js');
const binDir = join(root, 'node_modules', '.bin');
chmodSync(target, 0o755);
mkdirSync(binDir, { recursive: true });
const link = join(binDir, 'offprint');
rmSync(link, { force: true });
if (process.platform === 'win32') {
  writeFileSync(`${link}.cmd`, `@node "%~dp0\\${relative(binDir, target)}" %*\r\n`);
} else {
  symlinkSync(relative(binDir, target), link);
}
