// The last step of `npm run build:dist`: marks dist/cjs/ as CommonJS, and gives the CommonJS build
// of the package its own location. src/shared/package-root.ts reads `import.meta.url`, which TypeScript
// leaves as it is in CommonJS output, where it cannot run: here it becomes `__filename`'s URL.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const cjs = join(root, 'dist/cjs');
writeFileSync(join(cjs, 'package.json'), '{"type": "commonjs"}\n');
const file = join(cjs, 'src/shared/package-root.js');
const text = readFileSync(file, 'utf8');
if (!text.includes('import.meta.url')) throw new Error(`${file}: no import.meta.url to replace`);
writeFileSync(file, text.replace('import.meta.url', 'require("node:url").pathToFileURL(__filename).href'));
